/**
 * The CMS layout's server side: what /cms shows for this request (the layout's data), and signing
 * in and the first-run set-up, the layout's action.
 */
import { data, redirect } from "react-router";
import type { CmsLayoutData } from "~/components/cms/layout/cms-layout-data";
import type { SignInActionData } from "~/components/cms/sign-in/sign-in";
import { adminExists } from "~/server/auth/admin-setup.server";
import { getCsrfToken, verifyCsrf } from "~/server/auth/csrf.server";
import { permissionsOf } from "~/lib/auth/permissions";
import { can, getCurrentUser } from "~/server/auth/guards.server";
import { SECOND_STEP_PATH } from "~/components/cms/second-step/second-step-path";
import { hasSecondFactor } from "~/server/auth/second-factor/second-factor.server";
import { startSecondStepIfNeeded } from "~/server/auth/second-factor/second-step.server";
import { startSession } from "~/server/auth/start-session.server";
import { countUnreadSubmissions } from "~/server/contact/submission-list.server";
import { setUpFirstAdmin, signIn, UNEXPECTED_SIGN_IN_ERROR } from "~/server/auth/sign-in.server";
import { getDb } from "~/server/platform/db/database.server";
import { readFormOrRefuse } from "~/server/platform/http/request-body.server";
import { logger } from "~/server/platform/logger.server";

/** Who is signed in, this browser's anti-forgery token, and whether the first-run set-up is due. */
export async function loadCmsLayout(request: Request) {
  const current = await getCurrentUser(request);
  const { token, setCookie } = await getCsrfToken(request);
  let setupNeeded = false;
  if (!current) {
    try {
      setupNeeded = !(await adminExists(await getDb()));
    } catch (error) {
      logger.error({ err: error }, "could not tell whether an administrator exists");
    }
  }
  const user = current
    ? {
        email: current.user.email,
        role: current.user.role,
        // An inactive user has no session, so this is only belt and braces.
        permissions: permissionsOf(current.user.role).filter((permission) => can(current.user, permission)),
        failedSignIns: current.signInNotice,
        securityReview: await securityReviewOpen(current.user),
      }
    : null;
  return data<CmsLayoutData>(
    {
      user,
      csrfToken: token,
      setupNeeded,
      unreadSubmissions: can(current?.user, "submissions.view") ? await unreadCount() : null,
    },
    { headers: { "Cache-Control": "no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

/** Whether the account's review is open (asked only when marked, which is rare); a failure to tell shows none. */
async function securityReviewOpen(user: { id: string; securityReviewSince: Date | null }): Promise<boolean> {
  if (!user.securityReviewSince) return false;
  try {
    return await hasSecondFactor(await getDb(), user.id);
  } catch (error) {
    logger.error({ err: error }, "could not tell whether the account has a second factor");
    return false;
  }
}

/** The unread submissions' count for the tab; a failure to count leaves the tab without one. */
async function unreadCount(): Promise<number | null> {
  try {
    return await countUnreadSubmissions(await getDb());
  } catch (error) {
    logger.error({ err: error }, "could not count unread submissions");
    return null;
  }
}

/** Only paths inside the CMS are followed after sign-in, so the parameter cannot send anyone away. */
function safeRedirect(target: FormDataEntryValue | null): string {
  return typeof target === "string" && /^\/cms(\/[\w\-/?=&%.]*)?$/.test(target) ? target : "/cms";
}

/**
 * Sign-in (intent "login") and the first-run set-up (intent "setup"). It lives on the layout, which
 * renders the sign-in card, so the card receives the action's result.
 */
export async function signInAction(request: Request, clientAddress: string) {
  const form = await readFormOrRefuse(request);
  await verifyCsrf(request, form);
  const intent: NonNullable<SignInActionData>["intent"] = form.get("intent") === "setup" ? "setup" : "login";
  try {
    const db = await getDb();
    const fields = {
      email: form.get("email") ?? "",
      password: form.get("password") ?? "",
      code: form.get("code") ?? "",
    };
    const result =
      intent === "setup" ? await setUpFirstAdmin(db, fields, clientAddress) : await signIn(db, fields, clientAddress);
    if (!result.ok) {
      const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
      return data<SignInActionData>({ intent, errors: result.errors }, { status: result.status, headers });
    }
    const target = safeRedirect(form.get("redirectTo"));
    // An account with a second factor goes on to the second step: no session yet.
    const secondStep = intent === "login" ? await startSecondStepIfNeeded(db, result, target) : null;
    if (secondStep) return redirect(SECOND_STEP_PATH, { headers: { "Set-Cookie": secondStep } });
    const cookie = await startSession(db, request, result, intent);
    return redirect(target, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    logger.error({ err: error, intent }, "An unexpected error occurred during sign in");
    return data<SignInActionData>({ intent, errors: { form: UNEXPECTED_SIGN_IN_ERROR } }, { status: 500 });
  }
}
