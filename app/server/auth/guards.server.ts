/**
 * Who is asking, decided on the server for every request. Every /cms loader and action calls one
 * of these itself: a layout loader does not protect its children's actions.
 */
import { data, redirect } from "react-router";
import { roleCan, type Permission } from "../../lib/permissions";
import { getDb } from "../platform/db/database.server";
import { readFormOrRefuse } from "../platform/http/request-body.server";
import { logger } from "../platform/logger.server";
import type { User } from "./users.server";
import { verifyCsrf } from "./csrf.server";
import { mustSetUpSecondFactor, SECOND_FACTOR_SETUP_PATH } from "./second-factor/second-factor.server";
import { getSessionUser, type SessionUser } from "./sessions.server";

/**
 * Whether this user may do this (app/lib/permissions.ts, the one table): an active user whose role
 * holds the permission; anything else, or any error, may not.
 */
export function can(user: Pick<User, "role" | "isActive"> | null | undefined, permission: Permission): boolean {
  try {
    return Boolean(user && user.isActive && roleCan(user.role, permission));
  } catch {
    return false;
  }
}

/** An administrator is an active user with the admin role; anything else, or any error, is not. */
export function isAdmin(user: Pick<User, "role" | "isActive"> | null | undefined): boolean {
  try {
    return Boolean(user && user.isActive && user.role === "admin");
  } catch {
    return false;
  }
}

/** The signed-in user, or null; a failure to tell is logged and treated as signed out. */
export async function getCurrentUser(request: Request): Promise<SessionUser | null> {
  try {
    return await getSessionUser(await getDb(), request);
  } catch (error) {
    logger.error({ err: error }, "could not read the session");
    return null;
  }
}

/**
 * Whether a request outside React Router (such as GET /metrics) comes from a signed-in user with
 * this permission (by default the administrators' metrics.view), judged by its cookies alone, as
 * the CMS would.
 */
export async function isAdministratorRequest(
  path: string,
  cookie: string | undefined,
  permission: Permission = "metrics.view",
): Promise<boolean> {
  const current = await getCurrentUser(new Request(`http://localhost${path}`, { headers: { Cookie: cookie ?? "" } }));
  return can(current?.user, permission);
}

/** Whether cookies sent outside React Router belong to a live session, of any user. */
export async function isSignedInRequest(cookie: string | undefined): Promise<boolean> {
  return (await getCurrentUser(new Request("http://localhost/cms", { headers: { Cookie: cookie ?? "" } }))) !== null;
}

function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(back === "/cms" ? "/cms" : `/cms?redirectTo=${encodeURIComponent(back)}`);
}

/** Any signed-in user (for their own account page); anonymous visitors are sent to sign in. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const current = await getCurrentUser(request);
  if (!current) throw signInRedirect(request);
  return current;
}

/** The answer to a signed-in user without the permission: 403, which the CMS shows as Access Denied. */
export function accessDenied(current: SessionUser): never {
  throw data({ email: current.user.email }, { status: 403 });
}

/**
 * A user whose role holds `permission` (app/lib/permissions.ts); anonymous visitors are sent to
 * sign in, other users get 403 Access Denied. Every /cms loader and action calls this itself.
 */
export async function requirePermission(request: Request, permission: Permission): Promise<SessionUser> {
  const current = await requireUser(request);
  if (!can(current.user, permission)) accessDenied(current);
  // The site may require administrators to have a second factor: until they set one up, the
  // account page is all of the CMS they get (issue 18).
  if (isAdmin(current.user) && (await mustSetUpSecondFactor(await getDb(), current.user.id))) {
    throw redirect(SECOND_FACTOR_SETUP_PATH);
  }
  return current;
}

/**
 * For an action: the permitted user and the submitted form, after the anti-forgery check. The
 * order matters: who is asking is checked before anything in the form is read.
 */
export async function requirePermissionForm(
  request: Request,
  permission: Permission,
): Promise<{ current: SessionUser; form: FormData }> {
  const current = await requirePermission(request, permission);
  const form = await readFormOrRefuse(request);
  await verifyCsrf(request, form);
  return { current, form };
}
