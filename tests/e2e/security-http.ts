/**
 * Plain HTTP against the test server for the security specs: each request goes out on a fresh
 * request context (no cookie jar carries one role's cookies into another's request), never follows
 * a redirect, and names its own cookies. Also the visitors of the access matrix and a digest of a
 * table's rows, to prove a refused request changed nothing.
 */
import { eq, sql } from "drizzle-orm";
import type { APIRequest } from "@playwright/test";
import { sessions, users } from "../../db/schema";
import { USER_ROLES, type UserRole } from "../../app/lib/enums";
import { test as base, type TestServer } from "./fixtures";

/**
 * The tests of these specs speak HTTP only. The shared fixtures watch every test's browser page
 * for console errors, which opens a page per test; without a page there is no console to watch,
 * and each test starts in milliseconds rather than a second.
 */
export const test = base.extend({
  consoleErrors: async ({}, use) => use([]),
});
export { expect } from "./fixtures";

/**
 * The visitors of the access matrix: nobody signed in, each CMS role (app/lib/enums.ts), and an
 * account an administrator deactivated, which still sends the session cookie it had.
 */
export type Role = "anonymous" | "deactivated" | UserRole;
export const ROLES: readonly Role[] = ["anonymous", "deactivated", ...USER_ROLES];

type MultipartValue = string | { name: string; mimeType: string; buffer: Buffer };

export interface HttpRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  form?: Record<string, string>;
  json?: unknown;
  multipart?: Record<string, MultipartValue>;
  body?: string | Buffer;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  /** Every Set-Cookie header, which headers() folds into one. */
  setCookies: string[];
  body: Buffer;
  text: string;
}

/** Sends one request as a client with no cookies but those named, and reads the whole answer. */
export async function send(api: APIRequest, server: TestServer, request: HttpRequest): Promise<HttpResponse> {
  const context = await api.newContext({ baseURL: server.url });
  try {
    const headers: Record<string, string> = { ...request.headers };
    const cookie = Object.entries(request.cookies ?? {})
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
    if (cookie) headers.Cookie = cookie;
    const response = await context.fetch(request.path, {
      method: request.method ?? "GET",
      headers,
      maxRedirects: 0,
      ...(request.form ? { form: request.form } : {}),
      ...(request.multipart ? { multipart: request.multipart } : {}),
      ...(request.json !== undefined ? { data: request.json } : {}),
      ...(request.body !== undefined ? { data: request.body } : {}),
    });
    const body = await response.body();
    return {
      status: response.status(),
      headers: response.headers(),
      setCookies: response
        .headersArray()
        .filter((header) => header.name.toLowerCase() === "set-cookie")
        .map((header) => header.value),
      body,
      text: body.toString("utf8"),
    };
  } finally {
    await context.dispose();
  }
}

/** The value a Set-Cookie header of the response gives the named cookie, if any. */
export function cookieSet(response: HttpResponse, name: string): string | undefined {
  for (const header of response.setCookies) {
    const [pair] = header.split(";");
    const [key, ...value] = pair!.split("=");
    if (key!.trim() === name) return value.join("=");
  }
  return undefined;
}

let clientCounter = 0;

/**
 * A client address no other request of this worker used, so that the per-address limits of
 * sign-in, the contact form and the downloads never answer a matrix request with 429.
 */
export function freshClientAddress(): string {
  clientCounter += 1;
  return `198.18.${Math.floor(clientCounter / 250) % 250}.${(clientCounter % 250) + 1}`;
}

/** What a browser on this site's own page sends with a form: its origin and the fetch metadata. */
export function sameOriginHeaders(server: TestServer): Record<string, string> {
  return { Origin: server.url, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": freshClientAddress() };
}

/** The anti-forgery cookie of the CMS, as a browser gets it from any /cms page. */
export async function csrfCookie(api: APIRequest, server: TestServer): Promise<{ name: string; token: string }> {
  const response = await send(api, server, { path: "/cms" });
  for (const name of ["csrf", "__Host-csrf"]) {
    const token = cookieSet(response, name);
    if (token) return { name, token };
  }
  throw new Error(`GET /cms set no anti-forgery cookie: ${response.setCookies.join(" | ")}`);
}

export interface Account {
  id: string;
  email: string;
  password: string;
}

let accountCounter = 0;

/** A new account with this role (Administrator, Editor or Support). */
export async function createAccount(server: TestServer, role: UserRole, label: string = role): Promise<Account> {
  const { createUser } = await import("../../app/server/auth/users.server");
  accountCounter += 1;
  const email = `${label}-${process.pid}-${accountCounter}-${Date.now()}@example.com`;
  const password = "correct horse battery";
  const user = await createUser(server.db, { email, password, role });
  return { id: user.id, email, password };
}

/** A session of this account made the way sign-in makes one; returns the cookie's name and token. */
export async function sessionCookieOf(server: TestServer, account: Account): Promise<Record<string, string>> {
  const { createSession } = await import("../../app/server/auth/sessions.server");
  const setCookie = await createSession(server.db, account.id, "security-spec");
  const [pair] = setCookie.split(";");
  const [name, value] = pair!.split("=");
  return { [name!]: value! };
}

/** The account a matrix visitor of this role signs in with (none for an anonymous visitor). */
export async function visitorAccount(server: TestServer, role: Role): Promise<Account | null> {
  if (role === "anonymous") return null;
  // The most powerful role, deactivated: being deactivated must be what refuses it.
  return createAccount(server, role === "deactivated" ? "admin" : role);
}

/**
 * The cookies a matrix visitor sends: none for an anonymous visitor, the account's session for a
 * role, and for a deactivated account the session it had before an administrator deactivated it
 * (which, as the Users tab does, ended its sessions).
 */
export async function visitorCookies(
  server: TestServer,
  role: Role,
  account: Account | null,
): Promise<Record<string, string>> {
  if (!account) return {};
  const cookies = await sessionCookieOf(server, account);
  if (role === "deactivated") {
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, account.id));
    await server.db.delete(sessions).where(eq(sessions.userId, account.id));
  }
  return cookies;
}

/**
 * A digest of every row of a table: equal digests before and after a request mean it changed no
 * row, added none and deleted none.
 */
export async function tableDigest(server: TestServer, table: string): Promise<string> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
  const result = (await server.db.execute(
    sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${table}" t`),
  )) as unknown as { rows: { digest: string }[] };
  return result.rows[0]!.digest;
}

/** The digests of several tables, as one comparable value. */
export async function tablesDigest(server: TestServer, tables: readonly string[]): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of tables) digests[table] = await tableDigest(server, table);
  return digests;
}
