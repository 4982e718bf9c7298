/**
 * POST /cms/session: signing in again from the dialog that opens when a save finds the session
 * ended (components/cms/session-recovery). It answers JSON rather than a page, so the dialog stays
 * over the form and the save is sent again once this succeeds. An account with a second factor
 * sends a code with the password (the dialog asks for it when this answers with a `code` error).
 */
import { verifyCsrf } from "~/server/auth/csrf.server";
import { secondFactorRefusal } from "~/server/auth/second-factor/second-factor.server";
import { signIn, UNEXPECTED_SIGN_IN_ERROR } from "~/server/auth/sign-in.server";
import { startSession } from "~/server/auth/start-session.server";
import { getDb } from "~/server/platform/db/database.server";
import { readFormOrPlainRefusal } from "~/server/platform/http/request-body.server";
import { logger } from "~/server/platform/logger.server";
import type { Route } from "./+types/session";

const NO_STORE = { "Cache-Control": "no-store" };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormOrPlainRefusal(request);
  if (form instanceof Response) return form;
  await verifyCsrf(request, form);
  try {
    const db = await getDb();
    const result = await signIn(
      db,
      { email: form.get("email") ?? "", password: form.get("password") ?? "" },
      context.clientAddress,
    );
    if (!result.ok) {
      const headers = new Headers(NO_STORE);
      if (result.retryAfterSeconds) headers.set("Retry-After", String(result.retryAfterSeconds));
      return Response.json({ errors: result.errors }, { status: result.status, headers });
    }
    // An account with a second factor answers it here too: the password alone is not a sign-in.
    const refusal = await secondFactorRefusal(db, result.user.id, String(form.get("code") ?? ""));
    if (refusal) return Response.json({ errors: refusal.errors }, { status: refusal.status, headers: NO_STORE });
    const cookie = await startSession(db, request, result, "login again");
    return Response.json({ ok: true }, { headers: { ...NO_STORE, "Set-Cookie": cookie } });
  } catch (error) {
    logger.error({ err: error }, "An unexpected error occurred signing in again");
    return Response.json({ errors: { form: UNEXPECTED_SIGN_IN_ERROR } }, { status: 500, headers: NO_STORE });
  }
}
