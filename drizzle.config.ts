import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this file: it writes SQL migrations from db/schema.ts.
// The application applies them itself at start-up (app/server/db/migrate.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
