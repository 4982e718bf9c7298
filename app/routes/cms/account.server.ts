/**
 * The account page's server side: any signed-in user changes their own password (intent
 * "password") and manages their second factor (issue 18): the authenticator app, its recovery codes
 * and their passkeys. Every intent checks the user and the anti-forgery token first.
 */
import { data } from "react-router";
import { fieldErrors } from "~/lib/schemas/auth";
import { changeOwnPasswordSchema } from "~/lib/schemas/users";
import { verifyCsrf } from "~/server/auth/csrf.server";
import { isAdmin, requireUser } from "~/server/auth/guards.server";
import {
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
} from "~/server/auth/second-factor/passkeys.server";
import {
  consumePendingSignIn,
  readPendingSignIn,
  startPendingSignIn,
} from "~/server/auth/second-factor/pending-sign-in.server";
import {
  cancelTotpEnrolment,
  confirmTotpEnrolment,
  disableTotp,
  hasSecondFactor,
  secondFactorRequiredForAdmins,
  startTotpEnrolment,
  summariseSecondFactor,
} from "~/server/auth/second-factor/second-factor.server";
import { createSession, type SessionUser } from "~/server/auth/sessions.server";
import { changeOwnPassword } from "~/server/auth/users.server";
import { getDb } from "~/server/platform/db/database.server";
import type { Database } from "~/server/platform/db/db.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { readFormOrRefuse } from "~/server/platform/http/request-body.server";
import { dataWithToast, redirectWithToast } from "~/server/platform/toast.server";

export async function loadAccount(request: Request) {
  const { user } = await requireUser(request);
  const db = await getDb();
  const secondFactor = await summariseSecondFactor(db, user.id);
  // An administrator the site requires a second factor of is sent here until they have one.
  const mustEnrol = isAdmin(user) && (await secondFactorRequiredForAdmins(db)) && !(await hasSecondFactor(db, user.id));
  return { email: user.email, secondFactor, mustEnrol };
}

/** What a second-factor intent answers when it is refused: its message on its field, nothing changed. */
function refused(intent: string, error: ExpectedError) {
  return dataWithToast(
    { ok: false as const, intent, errors: { [error.field ?? "form"]: error.message } },
    { type: "error", description: error.message },
    { status: error.status },
  );
}

const succeeded = (intent: string, description: string, extra: Record<string, unknown> = {}) =>
  dataWithToast({ ok: true as const, intent, ...extra }, { type: "success", description });

export async function accountAction(request: Request, clientAddress: string) {
  const current = await requireUser(request);
  const form = await readFormOrRefuse(request);
  await verifyCsrf(request, form);
  const intent = String(form.get("intent") ?? "");
  // A password form without an intent (a page loaded before the second factor came) still changes the password.
  if (intent === "password" || !intent) return changePassword(request, clientAddress, current, form);
  const db = await getDb();
  try {
    return await secondFactorChange(request, db, current, intent, form);
  } catch (error) {
    if (error instanceof ExpectedError) return refused(intent, error);
    throw error;
  }
}

async function secondFactorChange(
  request: Request,
  db: Database,
  current: SessionUser,
  intent: string,
  form: FormData,
) {
  const actor = { id: current.user.id, email: current.user.email };
  const text = (name: string) => String(form.get(name) ?? "");
  switch (intent) {
    case "totp-start":
      await startTotpEnrolment(db, actor);
      return data({ ok: true as const, intent });
    case "totp-cancel":
      await cancelTotpEnrolment(db, actor);
      return data({ ok: true as const, intent });
    case "totp-confirm": {
      const recoveryCodes = await confirmTotpEnrolment(db, actor, text("code"));
      return succeeded(intent, "Two-step sign-in is on. Keep your recovery codes somewhere safe.", { recoveryCodes });
    }
    case "totp-disable":
      await disableTotp(db, actor, { code: text("code"), password: text("password") });
      return succeeded(intent, "The authenticator app was removed.");
    case "passkey-options": {
      const rp = relyingParty(request);
      const options = await registrationOptions(db, actor, rp);
      const cookie = await startPendingSignIn(db, {
        kind: "passkey_registration",
        userId: actor.id,
        challenge: options.challenge,
      });
      return data({ ok: true as const, intent, options }, { headers: { "Set-Cookie": cookie } });
    }
    case "passkey-register": {
      const pending = await readPendingSignIn(db, request, "passkey_registration");
      if (!pending?.challenge || pending.userId !== actor.id || !(await consumePendingSignIn(db, pending))) {
        throw new ExpectedError("The passkey could not be added in time. Please try again.");
      }
      const response = parseJson(text("response"));
      const passkey = await registerPasskey(db, actor, {
        response,
        name: text("name"),
        challenge: pending.challenge,
        rp: relyingParty(request),
      });
      return succeeded(intent, `Passkey "${passkey.name}" added.`);
    }
    case "passkey-remove":
      await removePasskey(db, actor, text("id"));
      return succeeded(intent, "Passkey removed.");
    default:
      return data({ ok: false as const, intent, errors: { form: "Unknown action." } }, { status: 400 });
  }
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new ExpectedError("The passkey's answer could not be read. Please try again.");
  }
}

async function changePassword(request: Request, clientAddress: string, { user }: SessionUser, form: FormData) {
  const parsed = changeOwnPasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const db = await getDb();
  try {
    // Every session, this one included, ends; this browser gets a fresh one so the user stays in.
    await changeOwnPassword(db, user, parsed.data, clientAddress);
  } catch (error) {
    if (!(error instanceof ExpectedError)) throw error;
    return data({ errors: { [error.field ?? "form"]: error.message } }, { status: error.status });
  }
  const cookie = await createSession(db, user.id, request.headers.get("User-Agent"));
  const response = await redirectWithToast("/cms", {
    type: "success",
    description: "Your password was changed. Other devices have been signed out.",
  });
  response.headers.append("Set-Cookie", cookie);
  return response;
}
