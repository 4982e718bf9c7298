/**
 * The account page's server side: any signed-in user changes their own password and how they sign
 * in (the authenticator app, its recovery codes, their passkeys), signs out of their other devices,
 * and after taking their account back, removes or keeps the sign-in methods it had. Every intent
 * checks the user and the anti-forgery token first; a change to how the account signs in also needs
 * a recent proof of identity ("confirm it's you", recent-sign-in.server.ts).
 */
import { data } from "react-router";
import { fieldErrors } from "~/lib/schemas/field-errors";
import { changeOwnPasswordSchema } from "~/lib/schemas/users";
import { keepSignInMethods, removeAllSignInMethods, signOutEverywhere } from "~/server/auth/account-recovery.server";
import { verifyCsrf } from "~/server/auth/csrf.server";
import { isAdmin, requireUser } from "~/server/auth/guards.server";
import {
  ConfirmationRequired,
  confirmationLeftMs,
  confirmationMethodsOf,
  confirmWithPasskey,
  confirmWithPassword,
  passkeyConfirmationOptions,
  requireRecentSignIn,
} from "~/server/auth/recent-sign-in.server";
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
  renewRecoveryCodes,
  secondFactorRequiredForAdmins,
  startTotpEnrolment,
  summariseSecondFactor,
} from "~/server/auth/second-factor/second-factor.server";
import { countOtherSessions, createSession, type SessionUser } from "~/server/auth/sessions.server";
import { changeOwnPassword } from "~/server/auth/users.server";
import { getDb } from "~/server/platform/db/database.server";
import type { Database } from "~/server/platform/db/db.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { readFormOrRefuse } from "~/server/platform/http/request-body.server";
import { dataWithToast, redirectWithToast } from "~/server/platform/toast.server";

export async function loadAccount(request: Request) {
  const current = await requireUser(request);
  const { user } = current;
  const db = await getDb();
  const secondFactor = await summariseSecondFactor(db, user.id);
  const hasFactor = secondFactor.totpEnabled || secondFactor.passkeys.length > 0;
  // An administrator the site requires a second factor of is sent here until they have one.
  const mustEnrol = isAdmin(user) && (await secondFactorRequiredForAdmins(db)) && !hasFactor;
  return {
    email: user.email,
    secondFactor,
    mustEnrol,
    confirmation: {
      leftMs: confirmationLeftMs(current),
      methods: confirmationMethodsOf({ totp: secondFactor.totpEnabled, passkeys: secondFactor.passkeys.length }),
    },
    otherSessions: await countOtherSessions(db, user.id, current.sessionId),
    securityReviewSince: hasFactor ? user.securityReviewSince : null,
  };
}

/** What an intent answers when it is refused: its message on its field, nothing changed. */
function refused(intent: string, error: ExpectedError) {
  const body = { ok: false as const, intent, errors: { [error.field ?? "form"]: error.message } };
  // The page asks "confirm it's you" in a dialog of its own, and the password form shows its
  // refusals on its fields: no toast repeats either.
  if (error instanceof ConfirmationRequired) return data({ ...body, confirmFirst: true }, { status: error.status });
  if (intent === "password") return data(body, { status: error.status });
  return dataWithToast(body, { type: "error", description: error.message }, { status: error.status });
}

const succeeded = (intent: string, description: string, extra: Record<string, unknown> = {}) =>
  dataWithToast({ ok: true as const, intent, ...extra }, { type: "success", description });

/** Intents that change how the account signs in: each needs a recent proof of identity. */
const SENSITIVE_INTENTS = new Set<AccountIntent>([
  "password",
  "totp-start",
  "totp-confirm",
  "recovery-codes-renew",
  "passkey-options",
  "passkey-register",
  "passkey-remove",
  "remove-all-sign-in-methods",
]);

export async function accountAction(request: Request, clientAddress: string) {
  const current = await requireUser(request);
  const form = await readFormOrRefuse(request);
  await verifyCsrf(request, form);
  // A password form without an intent (a page loaded before the second factor came) still changes the password.
  const intent = String(form.get("intent") ?? "") || "password";
  const handle = Object.hasOwn(accountIntents, intent) ? accountIntents[intent as AccountIntent] : undefined;
  if (!handle) return unknownIntent(intent);
  const db = await getDb();
  try {
    if (SENSITIVE_INTENTS.has(intent as AccountIntent)) requireRecentSignIn(current);
    return await handle({ request, db, current, clientAddress, intent, form });
  } catch (error) {
    if (error instanceof ExpectedError) return refused(intent, error);
    throw error;
  }
}

interface AccountRequest {
  request: Request;
  db: Database;
  current: SessionUser;
  clientAddress: string;
  intent: string;
  form: FormData;
}

const textOf = (form: FormData) => (name: string) => String(form.get(name) ?? "");
const actorOf = ({ user }: SessionUser) => ({ id: user.id, email: user.email });

/** "Confirm it's you": the password (with the app's code when there is one), or a passkey. */
const confirmIdentityIntents = {
  "confirm-password": async ({ db, current, clientAddress, intent, form }: AccountRequest) => {
    const text = textOf(form);
    await confirmWithPassword(db, current, { password: text("password"), code: text("code") }, clientAddress);
    return data({ ok: true as const, intent });
  },
  "confirm-passkey-options": async ({ request, db, current, intent }: AccountRequest) => {
    const { options, setCookie } = await passkeyConfirmationOptions(db, current, request);
    return data({ ok: true as const, intent, options }, { headers: { "Set-Cookie": setCookie } });
  },
  "confirm-passkey": async ({ request, db, current, intent, form }: AccountRequest) => {
    const { clearCookie } = await confirmWithPasskey(db, current, request, parseJson(textOf(form)("response")));
    return data({ ok: true as const, intent }, { headers: { "Set-Cookie": clearCookie } });
  },
};

/** The authenticator app, recovery codes, other devices, and what a taken-back account keeps. */
const signInMethodIntents = {
  "totp-start": async ({ db, current, intent }: AccountRequest) => {
    await startTotpEnrolment(db, actorOf(current));
    return data({ ok: true as const, intent });
  },
  "totp-cancel": async ({ db, current, intent }: AccountRequest) => {
    await cancelTotpEnrolment(db, actorOf(current));
    return data({ ok: true as const, intent });
  },
  "totp-confirm": async ({ db, current, intent, form }: AccountRequest) => {
    const recoveryCodes = await confirmTotpEnrolment(db, actorOf(current), textOf(form)("code"));
    return succeeded(intent, "Two-step sign-in is on. Keep your recovery codes somewhere safe.", { recoveryCodes });
  },
  "totp-disable": async ({ db, current, intent, form }: AccountRequest) => {
    const text = textOf(form);
    // Its own proof (a code from the app or the password) is asked in its form.
    await disableTotp(db, actorOf(current), { code: text("code"), password: text("password") });
    return succeeded(intent, "The authenticator app was removed.");
  },
  "recovery-codes-renew": async ({ db, current, intent }: AccountRequest) => {
    const recoveryCodes = await renewRecoveryCodes(db, actorOf(current));
    return succeeded(intent, "New recovery codes made. The old ones no longer work.", { recoveryCodes });
  },
  "sign-out-everywhere": async ({ db, current, intent }: AccountRequest) => {
    const ended = await signOutEverywhere(db, current);
    return succeeded(
      intent,
      ended === 1 ? "1 other device was signed out." : `${ended} other devices were signed out.`,
    );
  },
  "remove-all-sign-in-methods": async ({ db, current, intent }: AccountRequest) => {
    await removeAllSignInMethods(db, actorOf(current));
    return succeeded(intent, "Every passkey and the authenticator app were removed. Your password alone signs in now.");
  },
  "keep-sign-in-methods": async ({ db, current, intent }: AccountRequest) => {
    await keepSignInMethods(db, actorOf(current));
    return succeeded(intent, "Your passkeys and authenticator app were kept.");
  },
};

const passkeyIntents = {
  "passkey-options": async ({ request, db, current, intent }: AccountRequest) => {
    const actor = actorOf(current);
    const options = await registrationOptions(db, actor, relyingParty(request));
    const cookie = await startPendingSignIn(db, {
      kind: "passkey_registration",
      userId: actor.id,
      challenge: options.challenge,
    });
    return data({ ok: true as const, intent, options }, { headers: { "Set-Cookie": cookie } });
  },
  "passkey-register": async ({ request, db, current, intent, form }: AccountRequest) => {
    const actor = actorOf(current);
    const text = textOf(form);
    const pending = await readPendingSignIn(db, request, "passkey_registration");
    if (!pending?.challenge || pending.userId !== actor.id || !(await consumePendingSignIn(db, pending))) {
      throw new ExpectedError("The passkey could not be added in time. Please try again.");
    }
    const passkey = await registerPasskey(db, actor, {
      response: parseJson(text("response")),
      name: text("name"),
      challenge: pending.challenge,
      rp: relyingParty(request),
    });
    return succeeded(intent, `Passkey "${passkey.name}" added.`);
  },
  "passkey-remove": async ({ db, current, intent, form }: AccountRequest) => {
    await removePasskey(db, actorOf(current), textOf(form)("id"));
    return succeeded(intent, "Passkey removed.");
  },
};

/** Every intent the account page's action tells apart, each with what it does. */
export const accountIntents = {
  password: ({ request, db, clientAddress, current, form }: AccountRequest) =>
    changePassword(request, db, clientAddress, current, form),
  ...confirmIdentityIntents,
  ...signInMethodIntents,
  ...passkeyIntents,
};
type AccountIntent = keyof typeof accountIntents;

function unknownIntent(intent: string) {
  return data({ ok: false as const, intent, errors: { form: "Unknown action." } }, { status: 400 });
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new ExpectedError("The passkey's answer could not be read. Please try again.");
  }
}

async function changePassword(
  request: Request,
  db: Database,
  clientAddress: string,
  { user }: SessionUser,
  form: FormData,
) {
  const parsed = changeOwnPasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data({ ok: false as const, intent: "password", errors: fieldErrors(parsed.error) }, { status: 400 });
  }
  // Every session, this one included, ends; this browser gets a fresh one so the user stays in.
  // An ExpectedError (a wrong current password, a weak new one) is answered on its field.
  await changeOwnPassword(db, user, parsed.data, clientAddress);
  const cookie = await createSession(db, user.id, request.headers.get("User-Agent"));
  // With passkeys or an app left that someone else may have added, the account page offers to remove them.
  const next = (await hasSecondFactor(db, user.id)) ? "/cms/account" : "/cms";
  const response = await redirectWithToast(next, {
    type: "success",
    description: "Your password was changed. Other devices have been signed out.",
  });
  response.headers.append("Set-Cookie", cookie);
  return response;
}
