/**
 * How every CMS tab answers an action, in one place. `runCmsAction` checks the user's permission
 * (app/lib/auth/permissions.ts) and the form's anti-forgery token, runs the tab's work, and turns what it throws into an answer:
 * an ExpectedError (a person's mistake) becomes its status with its message, on its field or the
 * form; any other Error is logged and becomes a 500 with the tab's own failure message, so no stack
 * trace or database detail reaches the page. Responses thrown on purpose (the guards' sign-in
 * redirect or 403) pass through untouched.
 */
import { data } from "react-router";
import { fieldErrors } from "~/lib/schemas/field-errors";
import type { z } from "zod";
import type { Permission } from "~/lib/auth/permissions";
import { CSRF_FIELD } from "~/server/auth/csrf.server";
import { requirePermissionForm } from "~/server/auth/guards.server";
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
  request: Request;
  current: SessionUser;
  form: FormData;
  /** The form as text fields (files left out). */
  values: Record<string, string>;
  /** The form's `intent` field, "" when absent. */
  intent: string;
  db: Database;
}

/** A refused action: the error toast says `message` (under `title`, if given), the form shows `errors` (default: the message). */
export function actionFailed(
  message: string,
  status: number,
  failure: { intent?: string; errors?: Record<string, string>; values?: Record<string, string>; title?: string } = {},
) {
  const body: ActionFailure = { ok: false, intent: failure.intent ?? "", errors: failure.errors ?? { form: message } };
  if (failure.values) body.values = failure.values;
  const toast = failure.title === undefined ? { description: message } : { title: failure.title, description: message };
  return dataWithToast(body, { type: "error", ...toast }, { status });
}

/** Input that failed its Zod schema: 400, each field's message, and the tab's summary in the toast. */
export function invalidInput(
  error: z.ZodError,
  message: string,
  failure: { intent?: string; values?: Record<string, string>; title?: string } = {},
) {
  return actionFailed(message, 400, { ...failure, errors: fieldErrors(error) });
}

/** Input that failed its Zod schema, for a form that shows it by its fields alone: 400, no toast. */
export function invalidFields(error: z.ZodError, failure: { intent?: string; values?: Record<string, string> } = {}) {
  const body: ActionFailure = { ok: false, intent: failure.intent ?? "", errors: fieldErrors(error) };
  if (failure.values) body.values = failure.values;
  return data(body, { status: 400 });
}

/** What a change that worked answers to a form that stays on the page: `ok: true` and the success toast. */
export function actionSucceeded(
  intent: string,
  toast: { title?: string; description: string; undo?: { action: string; fields: Record<string, string> } },
) {
  return dataWithToast({ ok: true as const, intent }, { type: "success", ...toast });
}

/** An action the tab does not know: 400, changes nothing. */
export function unknownIntent(intent: string) {
  return data<ActionFailure>({ ok: false, intent, errors: { form: "Unknown action." } }, { status: 400 });
}

/** One intent of a tab's action: what it does once the permission and the token are checked. */
export type IntentHandler<T = unknown> = (context: CmsActionContext) => Promise<T>;

/**
 * A tab's action as one handler per intent. Its keys are the only intents the action knows: any
 * other is answered as unknown (400) and changes nothing. The access matrix
 * (tests/http/route-access-rules.ts) reads the keys, so every intent has its access rule.
 */
export type IntentHandlers<T = unknown> = Readonly<Record<string, IntentHandler<T>>>;

/** What a piece of work answers: its own answer, or one of its handlers' answers or "unknown". */
type WorkResult<Work> =
  Work extends IntentHandler<infer T>
    ? T
    : | { [Intent in keyof Work]: Work[Intent] extends IntentHandler<infer T> ? T : never }[keyof Work]
      | ReturnType<typeof unknownIntent>;

/** Does the work: the one piece, or the handler of the context's intent (an intent without one is unknown). */
function perform(work: IntentHandler | IntentHandlers, context: CmsActionContext) {
  if (typeof work === "function") return work(context);
  const handler = Object.hasOwn(work, context.intent) ? work[context.intent] : undefined;
  return handler ? handler(context) : Promise.resolve(unknownIntent(context.intent));
}

function textValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  return values;
}

/** What was typed, to send back with a refusal: the form's text fields without its anti-forgery token. */
export function typedValues(values: Record<string, string>): Record<string, string> {
  const { [CSRF_FIELD]: _token, ...typed } = values;
  return typed;
}

/**
 * Runs a CMS action for a user whose role holds `permission` (anyone else: 403, nothing read).
 * `failureMessage` is the spec's text for a change that
 * failed on our side (it may depend on the intent); `keepValues` returns what was typed with a
 * refusal, for forms that must not lose it. `errorTitle` titles every error toast ("Error"), and
 * `failureToastForRefusals` makes a refusal's toast say `failureMessage` too, its own message
 * staying on its field (tabs whose spec names one error toast per change); `outageStatus` answers
 * a database outage with 503. `work` is the action's one piece of work, or, for a tab whose action
 * tells intents apart, its handlers by intent.
 */
export async function runCmsAction<Work extends IntentHandler | IntentHandlers>(
  request: Request,
  options: {
    /** What the user's role must hold (app/lib/auth/permissions.ts), checked before the form is read. */
    permission: Permission;
    failureMessage: string | ((intent: string) => string);
    keepValues?: boolean;
    errorTitle?: string;
    failureToastForRefusals?: boolean;
    /** Checks of the form that need no database, run first (a mistake is answered as one even while it is down). */
    check?: (context: Omit<CmsActionContext, "db">) => void;
    /** Answer 503 rather than 500 when the failure is the database being unreachable. */
    outageStatus?: boolean;
  },
  work: Work,
) {
  const { current, form } = await requirePermissionForm(request, options.permission);
  const values = textValues(form);
  const intent = values.intent ?? "";
  const keep = options.keepValues ? { values: typedValues(values) } : {};
  const title = options.errorTitle === undefined ? {} : { title: options.errorTitle };
  const failureMessage = () =>
    typeof options.failureMessage === "function" ? options.failureMessage(intent) : options.failureMessage;
  try {
    options.check?.({ request, current, form, values, intent });
    // The types of the handlers' answers, which the tab's screen reads (useActionData).
    return (await perform(work, { request, current, form, values, intent, db: await getDb() })) as WorkResult<Work>;
  } catch (error) {
    if (error instanceof ExpectedError) {
      const toast = options.failureToastForRefusals ? failureMessage() : error.message;
      return actionFailed(toast, error.status, {
        intent,
        errors: { [error.field ?? "form"]: error.message },
        ...keep,
        ...title,
      });
    }
    // Responses thrown on purpose (a redirect, data() with a 403) are not Errors: they pass through.
    if (!(error instanceof Error)) throw error;
    const message = failureMessage();
    logger.error({ err: error, path: new URL(request.url).pathname, intent }, "CMS action failed");
    const status = options.outageStatus ? failureStatus(error) : 500;
    return actionFailed(message, status, { intent, ...keep, ...title });
  }
}
