/**
 * Who is asking, decided on the server for every request. Every /cms loader and action calls one
 * of these itself: a layout loader does not protect its children's actions.
 */
import { data, redirect } from "react-router";
import { roleCan, type Permission } from "../../lib/auth/permissions";
import { getDb } from "../platform/db/database.server";
import { readFormOrRefuse } from "../platform/http/request-body.server";
import { logger } from "../platform/logger.server";
import type { User } from "./users.server";
import { verifyCsrf } from "./csrf.server";
import { mustSetUpSecondFactor, SECOND_FACTOR_SETUP_PATH } from "./second-factor/second-factor.server";
import { getSessionUser, type SessionUser } from "./sessions.server";

/**
 * Whether this user may do this (app/lib/auth/permissions.ts, the one table): an active user whose role
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
 * Whether the site requires this administrator to set up a second factor first: until they have
 * one, their account page is all of the CMS they get. Pages, actions, file routes and /metrics all
 * ask this one question, so the requirement cannot cover some of them and not others.
 */
export async function mustSetUpSecondFactorFirst(user: Pick<User, "id" | "role" | "isActive">): Promise<boolean> {
  return isAdmin(user) && (await mustSetUpSecondFactor(await getDb(), user.id));
}

/** What such an administrator is told where no redirect to the account page can take them. */
export const SET_UP_SECOND_FACTOR_FIRST =
  "This site requires administrators to use a second factor. Set one up on your account page first.";

/**
 * Sends an administrator who must set up a second factor first to the account page; `refusal`
 * answers instead where a redirect would not help (an address a script reads).
 */
export async function requireSecondFactorWhereRequired(
  current: SessionUser,
  refusal: () => Response = () => redirect(SECOND_FACTOR_SETUP_PATH),
): Promise<void> {
  if (await mustSetUpSecondFactorFirst(current.user)) throw refusal();
}

/** The answer of requestAccess: allowed, or refused with what to tell the person (or nothing). */
export type RequestAccess = { allowed: true } | { allowed: false; reason: string | null };

/**
 * May a request outside React Router (such as GET /metrics) have what needs `permission` (by
 * default the administrators' metrics.view)? Judged by its cookies alone, as the CMS would. Anyone
 * without the permission gets no reason, so the address need not admit it exists; an administrator
 * who must set up a second factor first is told so.
 */
export async function requestAccess(
  path: string,
  cookie: string | undefined,
  permission: Permission = "metrics.view",
): Promise<RequestAccess> {
  const current = await getCurrentUser(new Request(`http://localhost${path}`, { headers: { Cookie: cookie ?? "" } }));
  if (!current || !can(current.user, permission)) return { allowed: false, reason: null };
  if (await mustSetUpSecondFactorFirst(current.user)) return { allowed: false, reason: SET_UP_SECOND_FACTOR_FIRST };
  return { allowed: true };
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
 * A user whose role holds `permission` (app/lib/auth/permissions.ts); anonymous visitors are sent to
 * sign in, other users get 403 Access Denied. Every /cms loader and action calls this itself.
 */
export async function requirePermission(request: Request, permission: Permission): Promise<SessionUser> {
  const current = await requireUser(request);
  if (!can(current.user, permission)) accessDenied(current);
  await requireSecondFactorWhereRequired(current);
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
