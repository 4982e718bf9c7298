/**
 * /cms/forgot-password's action: asks for a reset link (server/auth/password-reset.server.ts). The
 * answer is the same for every address that is well formed and not over its limits; the page
 * keeps what was typed when it is refused.
 */
import { data } from "react-router";
import { UNEXPECTED_SIGN_IN_ERROR } from "~/lib/schemas/auth";
import { verifyCsrf } from "~/server/auth/csrf.server";
import { requestPasswordReset } from "~/server/auth/password-reset.server";
import { getDb } from "~/server/platform/db/database.server";
import { readFormOrRefuse } from "~/server/platform/http/request-body.server";
import { logger } from "~/server/platform/logger.server";

export interface ForgotPasswordActionData {
  sent: boolean;
  errors: Record<string, string>;
  /** What was typed, so a refused form shows it again. */
  email: string;
}

const NO_STORE = { "Cache-Control": "no-store" };

export async function forgotPasswordAction(request: Request, clientAddress: string) {
  const form = await readFormOrRefuse(request);
  await verifyCsrf(request, form);
  const typed = form.get("email");
  const email = typeof typed === "string" ? typed : "";
  try {
    const result = await requestPasswordReset(await getDb(), { email }, clientAddress);
    if (!result.ok) {
      const headers = result.retryAfterSeconds
        ? { ...NO_STORE, "Retry-After": String(result.retryAfterSeconds) }
        : NO_STORE;
      return data<ForgotPasswordActionData>(
        { sent: false, errors: result.errors, email },
        { status: result.status, headers },
      );
    }
    return data<ForgotPasswordActionData>({ sent: true, errors: {}, email: "" }, { headers: NO_STORE });
  } catch (error) {
    logger.error({ err: error }, "could not take a password reset request");
    return data<ForgotPasswordActionData>(
      { sent: false, errors: { form: UNEXPECTED_SIGN_IN_ERROR }, email },
      { status: 500, headers: NO_STORE },
    );
  }
}
