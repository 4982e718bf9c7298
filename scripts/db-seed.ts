/**
 * `npm run db:seed`: migrates, then adds the demo content that is missing. Safe to run again: it
 * never duplicates rows or overwrites what an administrator changed (see db/seed.ts).
 */
import "./prepare-env";
import { seedDatabase } from "../db/seed";
import { openDatabase } from "../app/server/db.server";
import { databaseTargetFromEnv } from "../app/server/database.server";
import { getEnv } from "../app/server/env.server";
import { runScript } from "./run-script";

await runScript(async () => {
  const database = await openDatabase(databaseTargetFromEnv(getEnv()));
  try {
    await database.migrate();
    await seedDatabase(database.db);
    console.log(`Demo content is in place (${database.kind}).`);
  } finally {
    await database.close();
  }
});
