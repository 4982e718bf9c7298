/**
 * How every CMS tab answers an action, in one place. `runCmsAction` checks the administrator and
 * the form's anti-forgery token, runs the tab's work, and turns what it throws into an answer:
 * an ExpectedError (a person's mistake) becomes its status with its message, on its field or the
 * form; any other Error is logged and becomes a 500 with the tab's own failure message, so no stack
 * trace or database detail reaches the page. Responses thrown on purpose (the guards' sign-in
 * redirect or 403) pass through untouched.
 */
import { data } from "react-router";
import { fieldErrors } from "~/lib/schemas/auth";
import type { z } from "zod";
import { requireAdminForm } from "~/server/auth/guards.server";
import type { SessionUser } from "~/server/auth/sessions.server";
import { getDb } from "~/server/platform/db/database.server";
import { failureStatus } from "~/server/platform/db/database-unavailable.server";
import type { Database } from "~/server/platform/db/db.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { logger } from "~/server/platform/logger.server";
import { dataWithToast } from "~/server/platform/toast.server";

/** What a refused action answers: the messages by field ("form" for the whole form). */
export interface ActionFailure {
  ok: false;
  intent: string;
  errors: Record<string, string>;
  /** What was typed, so a form rendered again without JavaScript keeps it. */
  values?: Record<string, string>;
}

export interface CmsActionContext {
  current: SessionUser;
  form: FormData;
  /** The form as text fields (files left out). */
  values: Record<string, string>;
  /** The form's `intent` field, "" when absent. */
  intent: string;
  db: Database;
}

/** A refused action: the error toast says `message`, the form shows `errors` (default: the message). */
export function actionFailed(
  message: string,
  status: number,
  failure: { intent?: string; errors?: Record<string, string>; values?: Record<string, string> } = {},
) {
  const body: ActionFailure = { ok: false, intent: failure.intent ?? "", errors: failure.errors ?? { form: message } };
  if (failure.values) body.values = failure.values;
  return dataWithToast(body, { type: "error", description: message }, { status });
}

/** Input that failed its Zod schema: 400, each field's message, and the tab's summary in the toast. */
export function invalidInput(
  error: z.ZodError,
  message: string,
  failure: { intent?: string; values?: Record<string, string> } = {},
) {
  return actionFailed(message, 400, { ...failure, errors: fieldErrors(error) });
}

/** An action the tab does not know: 400, changes nothing. */
export function unknownIntent(intent: string) {
  return data<ActionFailure>({ ok: false, intent, errors: { form: "Unknown action." } }, { status: 400 });
}

function textValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  return values;
}

/**
 * Runs a CMS action for an administrator. `failureMessage` is the spec's text for a change that
 * failed on our side (it may depend on the intent); `keepValues` returns what was typed with a
 * refusal, for forms that must not lose it; `outageStatus` answers a database outage with 503.
 */
export async function runCmsAction<T>(
  request: Request,
  options: {
    failureMessage: string | ((intent: string) => string);
    keepValues?: boolean;
    /** Answer 503 rather than 500 when the failure is the database being unreachable. */
    outageStatus?: boolean;
  },
  work: (context: CmsActionContext) => Promise<T>,
) {
  const { current, form } = await requireAdminForm(request);
  const values = textValues(form);
  const intent = values.intent ?? "";
  const keep = options.keepValues ? { values } : {};
  try {
    return await work({ current, form, values, intent, db: await getDb() });
  } catch (error) {
    if (error instanceof ExpectedError) {
      return actionFailed(error.message, error.status, {
        intent,
        errors: { [error.field ?? "form"]: error.message },
        ...keep,
      });
    }
    // Responses thrown on purpose (a redirect, data() with a 403) are not Errors: they pass through.
    if (!(error instanceof Error)) throw error;
    const message =
      typeof options.failureMessage === "function" ? options.failureMessage(intent) : options.failureMessage;
    logger.error({ err: error, path: new URL(request.url).pathname, intent }, "CMS action failed");
    const status = options.outageStatus ? failureStatus(error) : 500;
    return actionFailed(message, status, { intent, ...keep });
  }
}
