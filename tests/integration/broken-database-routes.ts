/**
 * Calling CMS route modules directly with an administrator signed in (a real session, through the
 * real guards) and a database that fails everything but the sign-in, to check what a tab says when
 * its data is unavailable.
 */
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { SET_UP_TIMEOUT_MS, type CmsHarness } from "./cms-harness";

export const routeArgs = (request: Request) =>
  ({ request, url: new URL(request.url), params: {}, context: {}, pattern: "/", unstable_pattern: "/" }) as never;

/**
 * Loads the route module afresh (no cached data) with the harness's database failing every read
 * and write but the session's: the harness's administrator is signed in, the page's data is not there.
 */
export async function routeWithBrokenDatabase<T>(cms: CmsHarness, load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  await cms.setDatabase("sign-in only");
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

/** A form POST with no session and no anti-forgery token, as an anonymous script would send it. */
export function postForm(url: string, fields: Record<string, string>) {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

/**
 * Registers the hooks of a "when the database fails" block: the failing database made ready before
 * (a second database takes a while to start, which a test's time limit should not pay for), and
 * the working one back after each test.
 */
export function withBrokenDatabaseHooks(cms: CmsHarness): void {
  beforeAll(async () => {
    await cms.setDatabase("sign-in only");
    await cms.setDatabase("up");
  }, SET_UP_TIMEOUT_MS);
  afterEach(() => cms.setDatabase("up"));
  afterAll(() => {
    vi.resetModules();
  });
}
