/**
 * Calling CMS route modules directly with an administrator signed in and a database that cannot be
 * reached, to check what a tab says when its data is unavailable.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, vi } from "vitest";

export const routeArgs = (request: Request) =>
  ({ request, url: new URL(request.url), params: {}, context: {}, pattern: "/", unstable_pattern: "/" }) as never;

const ADMIN = {
  sessionId: "s",
  user: { id: "00000000-0000-4000-8000-00000000000a", email: "admin@example.com", role: "admin", isActive: true },
};

/** Loads the route module with an administrator signed in and a database that cannot be reached. */
export async function routeWithBrokenDatabase<T>(load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  vi.doMock("~/server/auth/guards.server", () => ({
    requireAdmin: async () => ADMIN,
    requireAdminForm: async (request: Request) => ({ current: ADMIN, form: await request.formData() }),
  }));
  vi.doMock("~/server/platform/db/database.server", () => ({
    getDb: () => Promise.reject(new Error("connection refused")),
  }));
  const { logger } = await import("~/server/platform/logger.server");
  vi.spyOn(logger, "error").mockImplementation(() => undefined);
  return load();
}

/** The toast an action's response would show, read back as the next page's root loader reads it. */
export async function toastOf(result: { init?: ResponseInit | null }) {
  const { getToast } = await import("~/server/platform/toast.server");
  const cookie = new Headers(result.init?.headers ?? undefined).get("Set-Cookie")!.split(";")[0]!;
  return (await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

export function postForm(url: string, fields: Record<string, string>) {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

/** Registers the hooks of a "when the database fails" block: a temporary DATA_DIR, mocks undone after. */
export function withBrokenDatabaseHooks(prefix: string): void {
  let dataDir: string;
  beforeAll(async () => {
    // The toasts' signed cookie needs a secret, which is generated in DATA_DIR.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    vi.stubEnv("DATA_DIR", dataDir);
    vi.stubEnv("SESSION_SECRET", "");
    (await import("~/server/platform/env.server")).resetEnvForTests();
  });
  afterAll(async () => {
    vi.doUnmock("~/server/auth/guards.server");
    vi.doUnmock("~/server/platform/db/database.server");
    vi.resetModules();
    vi.unstubAllEnvs();
    (await import("~/server/platform/env.server")).resetEnvForTests();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}
