import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this file: it writes SQL migrations from app/db/schema/.
// The application applies them itself at start-up (app/server/platform/db/db.server.ts, `migrate`).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/index.ts",
  out: "./app/db/migrations",
});
