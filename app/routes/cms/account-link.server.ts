/**
 * What the invitation and reset pages share on the server: reading the chosen password from the
 * form, and answering a link that cannot be used, a refused password, or success (a new session
 * in this browser and the CMS with a toast).
 */
import { data, redirect } from "react-router";
import { SECOND_STEP_PATH } from "~/components/cms/second-step/second-step-path";
import { choosePasswordSchema } from "~/lib/schemas/account-links";
import { UNEXPECTED_SIGN_IN_ERROR } from "~/lib/schemas/auth";
import { fieldErrors } from "~/lib/schemas/field-errors";
import { verifyCsrf } from "~/server/auth/csrf.server";
import { startSecondStepIfNeeded } from "~/server/auth/second-factor/second-step.server";
import { startSession } from "~/server/auth/start-session.server";
import type { PublicUser } from "~/server/auth/users.server";
import { getDb } from "~/server/platform/db/database.server";
import type { Database } from "~/server/platform/db/db.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { readFormOrRefuse } from "~/server/platform/http/request-body.server";
import { logger } from "~/server/platform/logger.server";
import { redirectWithToast } from "~/server/platform/toast.server";

export interface AccountLinkActionData {
  /** False when the link turned out to be unusable: the page shows the one message for that. */
  linkValid: boolean;
  errors: Record<string, string>;
}

/** One status for a link that is unknown, used, expired or replaced, so the status tells no more than the text. */
export const INVALID_LINK_STATUS = 404;

const NO_STORE = { "Cache-Control": "no-store" };

export function invalidLink() {
  return data<AccountLinkActionData>(
    { linkValid: false, errors: {} },
    { status: INVALID_LINK_STATUS, headers: NO_STORE },
  );
}

/**
 * Runs `act` (accept the invitation, or reset the password) with the password of the form; on
 * success this browser gets a new session and goes to /cms with `welcome` as the toast.
 * `act` answers undefined for a link that cannot be used.
 */
export async function actOnAccountLink(
  request: Request,
  kind: "invitation" | "password reset",
  act: (db: Database, password: string) => Promise<PublicUser | undefined>,
  welcome: string,
) {
  const form = await readFormOrRefuse(request);
  await verifyCsrf(request, form);
  const parsed = choosePasswordSchema.safeParse({
    password: form.get("password") ?? "",
    confirmPassword: form.get("confirmPassword") ?? "",
  });
  if (!parsed.success) {
    return data<AccountLinkActionData>(
      { linkValid: true, errors: fieldErrors(parsed.error) },
      { status: 400, headers: NO_STORE },
    );
  }
  try {
    const db = await getDb();
    const user = await act(db, parsed.data.password);
    if (!user) return invalidLink();
    // The link proves the mailbox, not the second factor: an account with one still passes it.
    const secondStep = await startSecondStepIfNeeded(db, { user }, "/cms");
    if (secondStep) return redirect(SECOND_STEP_PATH, { headers: { "Set-Cookie": secondStep } });
    const cookie = await startSession(db, request, { ok: true, user }, kind);
    const response = await redirectWithToast("/cms", { type: "success", description: welcome });
    response.headers.append("Set-Cookie", cookie);
    return response;
  } catch (error) {
    if (error instanceof ExpectedError) {
      return data<AccountLinkActionData>(
        { linkValid: true, errors: { [error.field ?? "form"]: error.message } },
        { status: error.status, headers: NO_STORE },
      );
    }
    // Never the address: it holds the link's token.
    logger.error({ err: error, kind }, "could not act on an account link");
    return data<AccountLinkActionData>(
      { linkValid: true, errors: { form: UNEXPECTED_SIGN_IN_ERROR } },
      { status: 500, headers: NO_STORE },
    );
  }
}
