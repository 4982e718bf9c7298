/**
 * `npm run db:seed`: migrates, then adds the demo content that is missing. Safe to run again: it
 * never duplicates rows or overwrites what an administrator changed (see app/db/seed.ts).
 */
import "./prepare-env";
import { sql } from "drizzle-orm";
import { seedDatabase } from "../app/db/seed";
import { INVALIDATION_CHANNEL } from "../app/server/platform/cache/cache-invalidation.server";
import { EVERY_CACHED_KEY } from "../app/server/platform/cache/cache.server";
import { openDatabase } from "../app/server/platform/db/db.server";
import { databaseTargetFromEnv } from "../app/server/platform/db/database.server";
import { getEnv } from "../app/server/platform/env.server";
import { runScript } from "./run-script";

await runScript(async () => {
  const database = await openDatabase(databaseTargetFromEnv(getEnv()));
  try {
    await database.migrate();
    await seedDatabase(database.db);
    // Instances running on the same PostgreSQL cache what the seed may have added: they forget it all.
    if (database.kind === "postgres") {
      await database.db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${EVERY_CACHED_KEY})`);
    }
    console.log(`Demo content is in place (${database.kind}).`);
  } finally {
    await database.close();
  }
});
