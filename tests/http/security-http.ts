/**
 * Plain HTTP against the test server for the HTTP tier: each request is a fetch with no cookies but
 * those it names (no cookie jar carries one role's cookies into another's request) that never
 * follows a redirect. Also the visitors of the access matrix and a digest of a table's rows, to
 * prove a refused request changed nothing.
 */
import { eq, sql } from "drizzle-orm";
import { sessions, users } from "../../app/db/schema";
import { USER_ROLES, type UserRole } from "../../app/lib/enums";
import { createAccount, sessionCookieOf, type Account } from "../support/accounts";
import type { TestServer } from "../support/production-server";

/**
 * The visitors of the access matrix: nobody signed in, each CMS role (app/lib/enums.ts), and an
 * account an administrator deactivated, which still sends the session cookie it had.
 */
export type Role = "anonymous" | "deactivated" | UserRole;
export const ROLES: readonly Role[] = ["anonymous", "deactivated", ...USER_ROLES];

/** A file of a multipart body. */
export interface UploadedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export interface HttpRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  form?: Record<string, string>;
  json?: unknown;
  multipart?: Record<string, string | UploadedFile>;
  body?: string | Buffer;
}

export interface HttpResponse {
  status: number;
  /** By lower-case name. */
  headers: Record<string, string>;
  /** Every Set-Cookie header, one entry each. */
  setCookies: string[];
  body: Buffer;
  text: string;
}

/** The request's body as fetch takes it: a form, a multipart upload, JSON or bytes as they are. */
function bodyOf(request: HttpRequest): BodyInit | undefined {
  if (request.form) return new URLSearchParams(request.form);
  if (request.multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries(request.multipart)) {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value.buffer)], { type: value.mimeType }), value.name);
    }
    return form;
  }
  if (request.json !== undefined) return JSON.stringify(request.json);
  if (request.body !== undefined) return typeof request.body === "string" ? request.body : new Uint8Array(request.body);
  return undefined;
}

/** Sends one request as a client with no cookies but those named, and reads the whole answer. */
export async function send(server: TestServer, request: HttpRequest): Promise<HttpResponse> {
  const headers: Record<string, string> = {};
  if (request.json !== undefined) headers["Content-Type"] = "application/json";
  Object.assign(headers, request.headers);
  const cookie = Object.entries(request.cookies ?? {})
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  if (cookie) headers.Cookie = cookie;
  const response = await fetch(new URL(request.path, server.url), {
    method: request.method ?? "GET",
    headers,
    body: bodyOf(request),
    redirect: "manual",
  });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    setCookies: response.headers.getSetCookie(),
    body,
    text: body.toString("utf8"),
  };
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
 * A client address no other request of this process used, so that the per-address limits of
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
export async function csrfCookie(server: TestServer): Promise<{ name: string; token: string }> {
  const response = await send(server, { path: "/cms", headers: { "X-Forwarded-For": freshClientAddress() } });
  for (const name of ["csrf", "__Host-csrf"]) {
    const token = cookieSet(response, name);
    if (token) return { name, token };
  }
  throw new Error(`GET /cms set no anti-forgery cookie: ${response.setCookies.join(" | ")}`);
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
