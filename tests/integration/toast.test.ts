/**
 * Flash toasts (app/server/platform/toast.server.ts): an action redirects with a signed cookie, and the next
 * page reads the toast once and clears the cookie. The module reads the configuration lazily and
 * keeps a generated signing secret in DATA_DIR, so DATA_DIR points at a temporary folder first.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
// Types only: the module itself is imported in beforeAll, once DATA_DIR is set.
import type * as ToastModule from "~/server/platform/toast.server";
import { setUpCmsHarness } from "./cms-harness";

const cms = setUpCmsHarness({ name: "toast-test", database: false });
let toast: typeof ToastModule;

beforeAll(async () => {
  toast = await import("~/server/platform/toast.server");
});

/** The `name=value` part of a Set-Cookie header, as a browser would send it back. */
function cookiePair(setCookie: string | null): string {
  if (!setCookie) throw new Error("no Set-Cookie header");
  return setCookie.split(";")[0]!;
}

function requestWithCookie(cookie?: string): Request {
  return new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });
}

/** Whether a Set-Cookie header tells the browser to delete the cookie now. */
function clearsCookie(setCookie: string): boolean {
  if (/;\s*Max-Age=0(;|$)/i.test(setCookie)) return true;
  const expires = /;\s*Expires=([^;]+)/i.exec(setCookie)?.[1];
  return expires !== undefined && new Date(expires).getTime() <= Date.now();
}

describe("redirectWithToast", () => {
  it("answers 302 to the URL with a toast cookie that only the server can read", async () => {
    const response = await toast.redirectWithToast("/cms/content", { type: "success", description: "Content saved" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cms/content");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^toast=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
  });

  it("keeps other headers it was given", async () => {
    const response = await toast.redirectWithToast(
      "/",
      { description: "Signed out" },
      { headers: { "Set-Cookie": "session=; Max-Age=0; Path=/" } },
    );
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies.some((cookie) => cookie.startsWith("session="))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith("toast="))).toBe(true);
  });

  it("refuses a toast that breaks the schema", async () => {
    await expect(toast.redirectWithToast("/", { description: "x".repeat(501) })).rejects.toThrow();
  });

  it("signs with a secret generated into DATA_DIR", async () => {
    await toast.redirectWithToast("/", { description: "Hello" });
    expect(fs.readFileSync(path.join(cms.dataDir, "session-secret"), "utf8").trim().length).toBeGreaterThanOrEqual(32);
  });
});

describe("getToast", () => {
  it("reads back the toast, with defaults filled in, and a header that clears the cookie", async () => {
    const response = await toast.redirectWithToast("/", { title: "Saved", description: "Content saved" });
    const result = await toast.getToast(requestWithCookie(cookiePair(response.headers.get("Set-Cookie"))));
    expect(result.toast).toMatchObject({ type: "message", title: "Saved", description: "Content saved" });
    const clearing = result.headers?.get("Set-Cookie") ?? "";
    expect(clearing).toMatch(/^toast=/);
    expect(clearsCookie(clearing)).toBe(true);
  });

  it("reads the toast among other cookies", async () => {
    const response = await toast.redirectWithToast("/", { type: "error", description: "Failed to save content" });
    const cookie = `theme=dark; ${cookiePair(response.headers.get("Set-Cookie"))}; other=1`;
    const result = await toast.getToast(requestWithCookie(cookie));
    expect(result.toast).toMatchObject({ type: "error", description: "Failed to save content" });
  });

  it("ignores a tampered cookie", async () => {
    const response = await toast.redirectWithToast("/", { type: "success", description: "Content saved" });
    const pair = cookiePair(response.headers.get("Set-Cookie"));
    const [name, value = ""] = pair.split("=", 2);
    const decoded = decodeURIComponent(value);
    // Change one character of the signed payload.
    const index = 2;
    const changed = decoded[index] === "A" ? "B" : "A";
    const tampered = `${name}=${encodeURIComponent(decoded.slice(0, index) + changed + decoded.slice(index + 1))}`;
    expect(tampered).not.toBe(pair);
    const result = await toast.getToast(requestWithCookie(tampered));
    expect(result.toast).toBeNull();
  });

  it("ignores a forged, unsigned cookie", async () => {
    const payload = Buffer.from(JSON.stringify({ type: "success", description: "Forged" })).toString("base64");
    const result = await toast.getToast(requestWithCookie(`toast=${encodeURIComponent(payload)}`));
    expect(result.toast).toBeNull();
  });

  it("returns { toast: null, headers: null } when there is no cookie", async () => {
    await expect(toast.getToast(requestWithCookie())).resolves.toEqual({ toast: null, headers: null });
    await expect(toast.getToast(requestWithCookie("theme=dark"))).resolves.toEqual({ toast: null, headers: null });
  });
});
