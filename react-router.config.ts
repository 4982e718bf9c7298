import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server so it is complete before any JavaScript runs.
  ssr: true,
} satisfies Config;
