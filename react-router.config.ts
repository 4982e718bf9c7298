import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server so it is complete before any JavaScript runs.
  ssr: true,
  // BUILD_DIR lets several builds exist side by side (e.g. parallel test runs); `build` otherwise.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
