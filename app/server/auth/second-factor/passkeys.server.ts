/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: registering one on the account page,
 * and using one to sign in, as the second step after a password or without a password at all
 * (a discoverable credential: the authenticator says whose it is).
 *
 * The relying party is the site as the browser sees it: its host name is the RP ID and its origin
 * the expected origin. Both come from the request's address (what the browser asked for), and
 * PUBLIC_URL's origin is accepted too; a signature is only ever made for the origin the browser
 * was really on, so a forged Host header gains nothing. The challenge travels in a pending
 * sign-in (pending-sign-in.server.ts), single-use.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, eq } from "drizzle-orm";
import { passkeys, users } from "../../../db/schema";
import { recordAudit, type Actor } from "../../platform/audit.server";
import type { Database } from "../../platform/db/db.server";
import { getEnv } from "../../platform/env.server";
import { ExpectedError } from "../../platform/errors.server";
import { logger } from "../../platform/logger.server";
import { queueSecurityMail } from "./security-mail.server";

export const PASSKEY_NAME_MAX = 60;
export const PASSKEY_FAILED = "That passkey could not be used. Try again, or use a code from your app.";

export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

export function relyingParty(request: Request): RelyingParty {
  const address = new URL(request.url);
  const publicOrigin = new URL(getEnv().publicUrl).origin;
  return {
    id: address.hostname,
    name: `${new URL(publicOrigin).hostname} CMS`,
    origins: [...new Set([address.origin, publicOrigin])],
  };
}

/* ------------------------------------------------------------------------------------------------
 * Registering (the account page)
 * ---------------------------------------------------------------------------------------------- */

export async function registrationOptions(
  db: Database,
  user: { id: string; email: string },
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    // The user handle is the account's id, so a password-less sign-in can be checked against it.
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing,
    // Discoverable ("resident") so the same passkey also signs in without a password.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
}

/** Checks the browser's answer to `challenge` and keeps the new passkey under `name`. */
export async function registerPasskey(
  db: Database,
  actor: Actor,
  input: { response: unknown; name: string; challenge: string; rp: RelyingParty },
): Promise<{ id: string; name: string }> {
  const name = input.name.trim().replace(/\s+/g, " ");
  if (!name) throw new ExpectedError("Give the passkey a name, e.g. the device it is on.", { field: "name" });
  if (name.length > PASSKEY_NAME_MAX) {
    throw new ExpectedError(`The name can be at most ${PASSKEY_NAME_MAX} characters.`, { field: "name" });
  }
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: input.challenge,
      expectedOrigin: input.rp.origins,
      expectedRPID: input.rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    logger.warn({ err: error }, "a passkey registration was refused");
    throw new ExpectedError("The passkey could not be added. Please try again.");
  }
  if (!verification.verified) throw new ExpectedError("The passkey could not be added. Please try again.");
  const { credential } = verification.registrationInfo;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.id));
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credential.id));
    if (taken) throw new ExpectedError("This passkey is already registered.");
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: actor.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
      })
      .returning({ id: passkeys.id, name: passkeys.name });
    await recordAudit(tx, actor, "user.second_factor.passkey_add", "passkeys", row!.id, { name });
    await queueSecurityMail(tx, user?.email ?? actor.email, { kind: "passkey-added", name });
    return row!;
  });
}

export async function removePasskey(db: Database, actor: Actor, passkeyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, actor.id)))
      .returning({ id: passkeys.id, name: passkeys.name });
    if (!removed) throw new ExpectedError("That passkey was not found.", { status: 404 });
    await recordAudit(tx, actor, "user.second_factor.passkey_remove", "passkeys", removed.id, { name: removed.name });
    await queueSecurityMail(tx, actor.email, { kind: "passkey-removed", name: removed.name });
  });
}

/* ------------------------------------------------------------------------------------------------
 * Signing in
 * ---------------------------------------------------------------------------------------------- */

/**
 * Options for signing in: the user's own passkeys when known, otherwise any (discoverable) one.
 * Without a password the passkey is the only factor, so the device must verify its user (PIN or
 * biometric); as the step after a password, its presence is enough.
 */
export async function authenticationOptions(
  db: Database,
  userId: string | null,
  rp: RelyingParty,
  userVerification: "preferred" | "required" = userId ? "preferred" : "required",
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowCredentials = userId
    ? await db
        .select({ id: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
    : undefined;
  return generateAuthenticationOptions({ rpID: rp.id, allowCredentials, userVerification });
}

/**
 * Checks the browser's signed answer to `challenge`; returns the id of the passkey's owner (who
 * must be `expectedUserId` when the sign-in already knows who it is), or null when it does not hold.
 * User verification is required by default when the passkey is the only factor (no expected user).
 */
export async function verifyPasskeySignIn(
  db: Database,
  input: { response: unknown; challenge: string; rp: RelyingParty; expectedUserId: string | null },
  now = new Date(),
  { requireUserVerification = input.expectedUserId === null }: { requireUserVerification?: boolean } = {},
): Promise<string | null> {
  const response = input.response as AuthenticationResponseJSON;
  if (typeof response?.id !== "string") return null;
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!stored) return null;
  if (input.expectedUserId && stored.userId !== input.expectedUserId) return null;
  // A discoverable passkey names its owner: it must be the passkey's.
  const handle = response.response?.userHandle;
  if (handle && Buffer.from(handle, "base64url").toString("utf8") !== stored.userId) return null;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: input.challenge,
      expectedOrigin: input.rp.origins,
      expectedRPID: input.rp.id,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")),
        counter: stored.counter,
        transports: stored.transports,
      },
      requireUserVerification,
    });
    if (!verification.verified) return null;
    await db
      .update(passkeys)
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now })
      .where(eq(passkeys.id, stored.id));
    return stored.userId;
  } catch (error) {
    logger.warn({ err: error }, "a passkey sign-in was refused");
    return null;
  }
}
