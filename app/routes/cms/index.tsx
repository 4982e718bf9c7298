import { data, redirect } from "react-router";
import type { SignInActionData } from "~/components/cms/sign-in";
import { verifyCsrf } from "~/server/auth/csrf.server";
import { getCurrentUser, isAdmin } from "~/server/auth/guards.server";
import { createSession, deleteSession } from "~/server/auth/sessions.server";
import { setUpFirstAdmin, signIn, UNEXPECTED_SIGN_IN_ERROR } from "~/server/auth/sign-in.server";
import { getDb } from "~/server/database.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/index";

/** /cms itself: an administrator goes straight to the Content tab; others see what the layout shows. */
export async function loader({ request }: Route.LoaderArgs) {
  const current = await getCurrentUser(request);
  if (current && isAdmin(current.user)) throw redirect("/cms/content");
  return null;
}

/** Only paths inside the CMS are followed after sign-in, so the parameter cannot send anyone away. */
function safeRedirect(target: FormDataEntryValue | null): string {
  return typeof target === "string" && /^\/cms(\/[\w\-/?=&%.]*)?$/.test(target) ? target : "/cms";
}

/** Sign-in (intent "login") and the first-run set-up (intent "setup"). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  verifyCsrf(request, form);
  const intent = form.get("intent") === "setup" ? "setup" : "login";
  try {
    const db = await getDb();
    const fields = {
      email: form.get("email") ?? "",
      password: form.get("password") ?? "",
      code: form.get("code") ?? "",
    };
    const result =
      intent === "setup"
        ? await setUpFirstAdmin(db, fields, context.clientAddress)
        : await signIn(db, fields, context.clientAddress);
    if (!result.ok) {
      return data<SignInActionData>({ intent, errors: result.errors }, { status: result.status });
    }
    // A new session on every sign-in: whatever token this browser held before is thrown away.
    const previous = await getCurrentUser(request);
    if (previous) await deleteSession(db, previous.sessionId);
    const cookie = await createSession(db, result.user.id, request.headers.get("User-Agent"));
    logger.info({ userId: result.user.id, intent }, "signed in");
    return redirect(safeRedirect(form.get("redirectTo")), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    logger.error({ err: error, intent }, "An unexpected error occurred during sign in");
    return data<SignInActionData>({ intent, errors: { form: UNEXPECTED_SIGN_IN_ERROR } }, { status: 500 });
  }
}

export default function CmsIndex() {
  // The layout shows the sign-in card or Access Denied; an administrator never stays here.
  return null;
}
