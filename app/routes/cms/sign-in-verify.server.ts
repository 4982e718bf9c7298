/**
 * /cms/sign-in/verify: the sign-in's second step, and signing in with a passkey without
 * a password. No session exists yet: the pending sign-in (its cookie) says who gave the password;
 * the anti-forgery token is the one the CMS layout issued to the sign-in card.
 */
import { data, redirect } from "react-router";
import { verifyCsrf } from "~/server/auth/csrf.server";
import { getCurrentUser } from "~/server/auth/guards.server";
import {
  answerWithCode,
  answerWithPasskey,
  passkeyChallenge,
  readSecondStep,
  SIGN_IN_EXPIRED,
  type StepResult,
} from "~/server/auth/second-factor/second-step.server";
import { tooManyAttempts } from "~/server/auth/sign-in-throttle.server";
import { getDb } from "~/server/platform/db/database.server";
import type { Database } from "~/server/platform/db/db.server";
import { readFormOrRefuse } from "~/server/platform/http/request-body.server";
import { RateLimiter } from "~/server/platform/rate-limit/rate-limit.server";
import { redirectWithToast } from "~/server/platform/toast.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** Password-less challenges per address: each one is a row an anonymous visitor makes. */
const passkeyChallenges = new RateLimiter("passkey-challenge", 30, 15 * 60 * 1000);

export async function loadSecondStep(request: Request) {
  if (await getCurrentUser(request)) throw redirect("/cms");
  const step = await readSecondStep(await getDb(), request);
  if (!step) throw await redirectWithToast("/cms", { type: "error", description: SIGN_IN_EXPIRED });
  return data({ email: step.user.email, totp: step.totp, passkeys: step.passkeys }, { headers: NO_STORE });
}

function answer(intent: string, result: StepResult) {
  const headers = new Headers(NO_STORE);
  for (const cookie of result.setCookies ?? []) headers.append("Set-Cookie", cookie);
  if (result.ok) return redirect(result.redirectTo, { headers });
  return data(
    { ok: false as const, intent, errors: result.errors, expired: result.expired ?? false },
    { status: result.status, headers },
  );
}

function parseJson(value: FormDataEntryValue | null): unknown {
  try {
    return JSON.parse(String(value ?? "")) as unknown;
  } catch {
    return null;
  }
}

interface StepRequest {
  request: Request;
  db: Database;
  clientAddress: string;
  intent: string;
  form: FormData;
}

/** Every intent of the second step and of the password-less sign-in, each with what it does. */
export const secondStepIntents = {
  code: async ({ request, db, intent, form }: StepRequest) =>
    answer(intent, await answerWithCode(db, request, String(form.get("code") ?? ""))),
  "passkey-options": async ({ request, db, intent }: StepRequest) => {
    const challenge = await passkeyChallenge(db, request, "second-step");
    if (!challenge) return answer(intent, { ok: false, status: 401, errors: { form: SIGN_IN_EXPIRED }, expired: true });
    return data({ ok: true as const, intent, options: challenge.options }, { headers: NO_STORE });
  },
  passkey: async ({ request, db, intent, form }: StepRequest) =>
    answer(intent, await answerWithPasskey(db, request, parseJson(form.get("response")), "second-step")),
  "passwordless-options": async ({ request, db, clientAddress, intent, form }: StepRequest) => {
    const allowed = await passkeyChallenges.hit(clientAddress);
    if (!allowed.allowed) {
      return data(
        { ok: false as const, intent, errors: { form: tooManyAttempts(allowed.retryAfterSeconds) } },
        { status: 429, headers: { ...NO_STORE, "Retry-After": String(allowed.retryAfterSeconds) } },
      );
    }
    const challenge = await passkeyChallenge(db, request, "password-less", safeRedirect(form.get("redirectTo")));
    return data(
      { ok: true as const, intent, options: challenge!.options },
      { headers: { ...NO_STORE, "Set-Cookie": challenge!.setCookie! } },
    );
  },
  passwordless: async ({ request, db, intent, form }: StepRequest) =>
    answer(intent, await answerWithPasskey(db, request, parseJson(form.get("response")), "password-less")),
};

export async function secondStepAction(request: Request, clientAddress: string) {
  const form = await readFormOrRefuse(request);
  await verifyCsrf(request, form);
  const intent = String(form.get("intent") ?? "");
  if (!Object.hasOwn(secondStepIntents, intent)) {
    return data({ ok: false as const, intent, errors: { form: "Unknown action." } }, { status: 400 });
  }
  const handle = secondStepIntents[intent as keyof typeof secondStepIntents];
  return handle({ request, db: await getDb(), clientAddress, intent, form });
}

/** Only paths inside the CMS are followed after sign-in. */
function safeRedirect(target: FormDataEntryValue | null): string {
  return typeof target === "string" && /^\/cms(\/[\w\-/?=&%.]*)?$/.test(target) ? target : "/cms";
}
