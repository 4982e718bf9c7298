/**
 * The process-wide database: opened once from the configuration, migrated (and seeded when new)
 * at start-up, closed on shutdown. Kept on `globalThis` (open-database.server.ts) so that a
 * development hot reload, which evaluates modules again, reuses the open database instead of
 * opening the same files twice.
 */
import { sql } from "drizzle-orm";
import { seedDatabase } from "../../../db/seed";
import { invalidateAll, invalidateLocally, setInvalidationBroadcast } from "../cache/cache.server";
import { INVALIDATION_CHANNEL, listenForInvalidations } from "../cache/cache-invalidation.server";
import { DatabaseRateLimitStore } from "../rate-limit/database-rate-limit-store.server";
import { openDatabase, type Database, type DatabaseHandle, type DatabaseTarget } from "./db.server";
import { processDatabase as state } from "./open-database.server";
import { getEnv, type Env } from "../env.server";
import { logger } from "../logger.server";
import { setRateLimitStore } from "../rate-limit/rate-limit.server";

export function databaseTargetFromEnv(env: Env): DatabaseTarget {
  return env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
    : { kind: "pglite", dataDir: env.dataDir };
}

/** Opens, migrates and (when new) seeds the database exactly once per process. */
export function getDatabase(): Promise<DatabaseHandle> {
  state.__appDatabase ??= prepareDatabase(getEnv()).catch((error: unknown) => {
    // Let a later call try again rather than caching the failure for the life of the process.
    state.__appDatabase = undefined;
    throw error;
  });
  return state.__appDatabase;
}

/** The Drizzle database for queries; entity modules take it as their first argument. */
export async function getDb(): Promise<Database> {
  return (await getDatabase()).db;
}

async function prepareDatabase(env: Env): Promise<DatabaseHandle> {
  const handle = await openDatabase(databaseTargetFromEnv(env));
  try {
    await handle.migrate();
    if (env.SEED_ON_START) {
      const seeded = await seedDatabase(handle.db, { onlyIfEmpty: true });
      if (seeded) logger.info({ database: handle.kind }, "seeded a new database with demo content");
    }
    if (handle.kind === "postgres" && env.DATABASE_URL) await shareCacheInvalidation(handle, env.DATABASE_URL);
    // Instances sharing PostgreSQL share their rate limits; the embedded database has one process.
    if (handle.kind === "postgres") setRateLimitStore(new DatabaseRateLimitStore(handle.db));
    logger.info({ database: handle.kind }, "database ready");
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Instances sharing PostgreSQL tell each other which cached data changed. */
async function shareCacheInvalidation(handle: DatabaseHandle, url: string): Promise<void> {
  state.__invalidationListener = await listenForInvalidations(url, invalidateLocally, invalidateAll);
  setInvalidationBroadcast((keyOrPrefix) => {
    handle.db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${keyOrPrefix})`).catch((error: unknown) => {
      logger.error({ err: error, keyOrPrefix }, "could not tell other instances to invalidate a cache");
    });
  });
}

/** Closes the database if it was opened; safe to call more than once. */
export async function closeDatabase(): Promise<void> {
  setInvalidationBroadcast(undefined);
  setRateLimitStore(undefined);
  await state.__invalidationListener?.stop();
  state.__invalidationListener = undefined;
  const opening = state.__appDatabase;
  state.__appDatabase = undefined;
  if (!opening) return;
  const handle = await opening.catch(() => undefined);
  await handle?.close();
}
