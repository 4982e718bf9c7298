/**
 * The two databases the app runs on, each as a fresh, empty store for one check: the embedded
 * PGlite in a temporary DATA_DIR, or a new database on the run's private PostgreSQL (with its own
 * DATA_DIR for uploaded files). The server migrates and seeds it at start-up, as in production.
 */
import crypto from "node:crypto";
import type { DatabaseTarget } from "../../app/server/platform/db/db.server";
import type { PrivatePostgres } from "./private-postgres";
import { temporaryDirectory } from "./processes";

export interface FreshStore {
  /** What the server is started with: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  dataDir: string;
  /** Where the run reads what was stored. */
  target: DatabaseTarget;
}

export interface Backend {
  label: "PGlite" | "PostgreSQL";
  freshStore(purpose: string): Promise<FreshStore>;
}

export const pglite: Backend = {
  label: "PGlite",
  async freshStore(purpose) {
    const dataDir = temporaryDirectory(`resilience-${purpose}`);
    return { env: { DATA_DIR: dataDir }, dataDir, target: { kind: "pglite", dataDir } };
  },
};

export function postgresOn(server: PrivatePostgres): Backend {
  return {
    label: "PostgreSQL",
    async freshStore(purpose) {
      const dataDir = temporaryDirectory(`resilience-${purpose}`);
      const name = `resilience_${purpose.replace(/\W/g, "_")}_${crypto.randomBytes(3).toString("hex")}`;
      const url = await server.createDatabase(name);
      return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, dataDir, target: { kind: "postgres", url } };
    },
  };
}
