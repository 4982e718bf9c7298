/**
 * Sessions end to end, through the real server and its cookies: a new token on every
 * sign-in, and a session that ends on sign-out, on a password change, on deactivation, and after
 * its idle and absolute lifetimes. tests/integration/auth.test.ts covers the functions; this
 * proves what a browser holding a cookie gets.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { sessions, users } from "../../app/db/schema";
import { describe, expect, test } from "vitest";
import { createAccount, sessionCookieOf, type Account } from "../support/accounts";
import type { TestServer } from "../support/production-server";
import { cookieSet, csrfCookie, sameOriginHeaders, send } from "./security-http";
import { serverForThisFile } from "./test-server";

const testServer = serverForThisFile();

const HOUR = 60 * 60 * 1000;
/** Cookie names on plain HTTP (on HTTPS in production they carry the __Host- prefix). */
const SESSION = "session";

const sha256 = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

async function storedSession(server: TestServer, token: string) {
  const [row] = await server.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(token)));
  return row;
}

/** What a browser holding this session token gets at the account page: 200 signed in, 302 to sign in. */
async function accountPageStatus(server: TestServer, token: string): Promise<number> {
  return (await send(server, { path: "/cms/account", cookies: { [SESSION]: token } })).status;
}

interface Browser {
  server: TestServer;
  csrf: { name: string; token: string };
}

async function browserFor(server: TestServer): Promise<Browser> {
  return { server, csrf: await csrfCookie(server) };
}

/** Signs in with the form, holding `previous` (if any) as the session cookie; returns the new token. */
async function signIn(browser: Browser, account: Pick<Account, "email" | "password">, previous?: string) {
  const { server, csrf } = browser;
  const response = await send(server, {
    method: "POST",
    path: "/cms",
    form: { intent: "login", email: account.email, password: account.password, csrf: csrf.token },
    cookies: { [csrf.name]: csrf.token, ...(previous ? { [SESSION]: previous } : {}) },
    headers: sameOriginHeaders(server),
  });
  return { response, token: cookieSet(response, SESSION) };
}

/** Posts a CMS form with this browser's token and session. */
function postForm(browser: Browser, path: string, session: string, form: Record<string, string>) {
  const { server, csrf } = browser;
  return send(server, {
    method: "POST",
    path,
    form: { ...form, csrf: csrf.token },
    cookies: { [csrf.name]: csrf.token, [SESSION]: session },
    headers: sameOriginHeaders(server),
  });
}

const tokenOf = (cookies: Record<string, string>) => cookies[SESSION]!;

test("sign-in issues a new 256-bit token, stored only hashed, whatever cookie the browser held", async () => {
  const server = testServer();
  const browser = await browserFor(server);
  const account = await createAccount(server, "admin");
  // A value another site or person planted in the browser before the visitor signs in.
  const planted = crypto.randomBytes(32).toString("base64url");

  const first = await signIn(browser, account, planted);
  expect(first.response.status).toBe(302);
  expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(first.token).not.toBe(planted);
  const header = first.response.setCookies.find((value) => value.startsWith(`${SESSION}=`))!;
  expect(header.split("; ").slice(1).sort()).toEqual(["HttpOnly", "Max-Age=43200", "Path=/", "SameSite=Lax"]);
  // The database keeps the token's hash, never the token; the planted value is nowhere.
  expect(await storedSession(server, first.token!)).toBeDefined();
  expect(await server.db.select().from(sessions).where(eq(sessions.tokenHash, first.token!))).toEqual([]);
  expect(await storedSession(server, planted)).toBeUndefined();
  expect(await accountPageStatus(server, planted)).toBe(302);
  expect(await accountPageStatus(server, first.token!)).toBe(200);

  // Signing in again, from the signed-in browser: another token, and the one before ends.
  const second = await signIn(browser, account, first.token);
  expect(second.response.status).toBe(302);
  expect(second.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(second.token).not.toBe(first.token);
  expect(await accountPageStatus(server, first.token!)).toBe(302);
  expect(await storedSession(server, first.token!)).toBeUndefined();
  expect(await accountPageStatus(server, second.token!)).toBe(200);
});

test("a refused sign-in issues no session", async () => {
  const server = testServer();
  const browser = await browserFor(server);
  const account = await createAccount(server, "admin");
  const before = await server.db.select().from(sessions).where(eq(sessions.userId, account.id));
  const refused = await signIn(browser, { email: account.email, password: "not the password" });
  expect(refused.response.status).toBe(401);
  expect(refused.token).toBeUndefined();
  expect(await server.db.select().from(sessions).where(eq(sessions.userId, account.id))).toEqual(before);
});

test("Sign Out ends the session on the server: the old cookie no longer works", async () => {
  const server = testServer();
  const browser = await browserFor(server);
  const account = await createAccount(server, "admin");
  const { token } = await signIn(browser, account);
  expect((await send(server, { path: "/cms/users", cookies: { [SESSION]: token! } })).status).toBe(200);

  const signOut = await postForm(browser, "/cms/logout", token!, {});
  expect(signOut.status).toBe(302);
  expect(signOut.headers.location).toBe("/cms");
  expect(signOut.setCookies.find((value) => value.startsWith(`${SESSION}=;`))).toContain("Max-Age=0");
  expect(await storedSession(server, token!)).toBeUndefined();
  // A copy of the cookie kept elsewhere is worthless now.
  const replayed = await send(server, { path: "/cms/users", cookies: { [SESSION]: token! } });
  expect(replayed.status).toBe(302);
  expect(replayed.headers.location).toBe("/cms?redirectTo=%2Fcms%2Fusers");
});

test("changing one's own password ends every session; this browser gets a new one", async () => {
  const server = testServer();
  const browser = await browserFor(server);
  const account = await createAccount(server, "editor");
  const here = (await signIn(browser, account)).token!;
  const elsewhere = (await signIn(browser, account)).token!;

  const response = await postForm(browser, "/cms/account", here, {
    currentPassword: account.password,
    newPassword: "a brand new password",
    confirmPassword: "a brand new password",
  });
  expect(response.status).toBe(302);
  const renewed = cookieSet(response, SESSION);
  expect(renewed).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(renewed).not.toBe(here);
  expect(await accountPageStatus(server, elsewhere)).toBe(302);
  expect(await accountPageStatus(server, here)).toBe(302);
  expect(await accountPageStatus(server, renewed!)).toBe(200);
  expect(await server.db.select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(1);

  // The old password no longer signs in; the new one does.
  expect((await signIn(browser, account)).response.status).toBe(401);
  expect((await signIn(browser, { ...account, password: "a brand new password" })).response.status).toBe(302);
});

test("an administrator's password reset ends all of that user's sessions", async () => {
  const server = testServer();
  const browser = await browserFor(server);
  const admin = tokenOf(await sessionCookieOf(server, await createAccount(server, "admin")));
  const account = await createAccount(server, "editor");
  const sessionsOfUser = [(await signIn(browser, account)).token!, (await signIn(browser, account)).token!];

  const reset = await postForm(browser, "/cms/users", admin, {
    intent: "password",
    id: account.id,
    password: "reset by the admin",
  });
  expect(reset.status).toBe(200);
  for (const token of sessionsOfUser) expect(await accountPageStatus(server, token)).toBe(302);
  expect(await accountPageStatus(server, admin)).toBe(200);
});

test("deactivation by an administrator ends the user's sessions at once; they cannot sign in", async () => {
  const server = testServer();
  const browser = await browserFor(server);
  const admin = tokenOf(await sessionCookieOf(server, await createAccount(server, "admin")));
  const colleague = await createAccount(server, "admin");
  const token = (await signIn(browser, colleague)).token!;
  expect((await send(server, { path: "/cms/users", cookies: { [SESSION]: token } })).status).toBe(200);

  expect((await postForm(browser, "/cms/users", admin, { intent: "deactivate", id: colleague.id })).status).toBe(200);
  expect((await send(server, { path: "/cms/users", cookies: { [SESSION]: token } })).status).toBe(302);
  expect(await server.db.select().from(sessions).where(eq(sessions.userId, colleague.id))).toEqual([]);
  expect((await signIn(browser, colleague)).response.status).toBe(401);

  // Reactivated, they sign in afresh: the ended session does not come back.
  expect((await postForm(browser, "/cms/users", admin, { intent: "activate", id: colleague.id })).status).toBe(200);
  expect(await accountPageStatus(server, token)).toBe(302);
  expect((await signIn(browser, colleague)).response.status).toBe(302);
});

test("a session of a user made inactive by any means stops working on its next request", async () => {
  const server = testServer();
  const account = await createAccount(server, "admin");
  const token = tokenOf(await sessionCookieOf(server, account));
  expect(await accountPageStatus(server, token)).toBe(200);
  // Without the Users tab (say, a script run by an operator), the session row is left in place.
  await server.db.update(users).set({ isActive: false }).where(eq(users.id, account.id));
  expect(await accountPageStatus(server, token)).toBe(302);
  expect(await storedSession(server, token)).toBeUndefined();
});

test("a change of role applies to the next request of a session already open", async () => {
  const server = testServer();
  const account = await createAccount(server, "admin");
  const token = tokenOf(await sessionCookieOf(server, account));
  expect((await send(server, { path: "/cms/users", cookies: { [SESSION]: token } })).status).toBe(200);
  await server.db.update(users).set({ role: "editor" }).where(eq(users.id, account.id));
  expect((await send(server, { path: "/cms/users", cookies: { [SESSION]: token } })).status).toBe(403);
});

describe("expiry", () => {
  /** A session signed in through the form, then aged by rewriting its times. */
  async function sessionAged(server: TestServer, changes: Partial<typeof sessions.$inferInsert>) {
    const token = (await signIn(await browserFor(server), await createAccount(server, "editor"))).token!;
    const row = (await storedSession(server, token))!;
    await server.db.update(sessions).set(changes).where(eq(sessions.id, row.id));
    return { token, id: row.id };
  }

  test("a session unused for more than two hours has ended, and is deleted", async () => {
    const server = testServer();
    const { token } = await sessionAged(server, {
      lastSeenAt: new Date(Date.now() - 2 * HOUR - 60_000),
    });
    expect(await accountPageStatus(server, token)).toBe(302);
    expect(await storedSession(server, token)).toBeUndefined();
  });

  test("a session used within two hours continues, and its use is recorded", async () => {
    const server = testServer();
    const lastSeenAt = new Date(Date.now() - 2 * HOUR + 5 * 60_000);
    const { token } = await sessionAged(server, { lastSeenAt });
    expect(await accountPageStatus(server, token)).toBe(200);
    expect((await storedSession(server, token))!.lastSeenAt.getTime()).toBeGreaterThan(lastSeenAt.getTime() + HOUR);
  });

  test("a session twelve hours old has ended, however recently it was used", async () => {
    const server = testServer();
    const { token } = await sessionAged(server, {
      createdAt: new Date(Date.now() - 12 * HOUR - 60_000),
      lastSeenAt: new Date(),
      expiresAt: new Date(Date.now() - 60_000),
    });
    expect(await accountPageStatus(server, token)).toBe(302);
    expect(await storedSession(server, token)).toBeUndefined();
  });

  test("a new session's absolute end is twelve hours after sign-in", async () => {
    const server = testServer();
    const before = Date.now();
    const browser = await browserFor(server);
    const token = (await signIn(browser, await createAccount(server, "editor"))).token!;
    const row = (await storedSession(server, token))!;
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(12 * HOUR);
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});
