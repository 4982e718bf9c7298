/**
 * `npm run db:migrate`: applies the committed migrations to the configured database (PGlite in
 * DATA_DIR, or DATABASE_URL). The server also does this at start-up; this is for deployments that
 * migrate as a separate step.
 */
import "./prepare-env";
import { openDatabase } from "../app/server/platform/db/db.server";
import { databaseTargetFromEnv } from "../app/server/platform/db/database.server";
import { getEnv } from "../app/server/platform/env.server";
import { runScript } from "./run-script";

await runScript(async () => {
  const target = databaseTargetFromEnv(getEnv());
  const database = await openDatabase(target);
  try {
    await database.migrate();
    console.log(`Migrations applied (${database.kind}).`);
  } finally {
    await database.close();
  }
});
