/**
 * Invitations: an administrator invites someone by e-mail with a role; the mail carries a
 * single-use link (account-tokens.server.ts) that works for INVITATION_LIFETIME_MS, where the
 * invitee chooses their own password and is signed in. Pending invitations can be sent again (a
 * new link; the old one stops working) or revoked. Each of these, and each acceptance, is audited.
 *
 * Whether an address already has an account is told to the administrator alone: no invitation is
 * made for it, and a link whose address got an account meanwhile reads like any other dead link.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { accountTokens, users } from "../../db/schema";
import type { UserRole } from "../../lib/enums";
import { normaliseEmail } from "../../lib/schemas/auth";
import { auditedChange, recordAudit, type Actor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { kickMailDelivery } from "../platform/mail/delivery.server";
import { queueMail } from "../platform/mail/outbox.server";
import { accountMailContext, composeInvitationMail, type AccountMailContext } from "./account-mail.server";
import {
  deleteSpentAccountTokens,
  findUsableToken,
  issueAccountToken,
  renewAccountToken,
  spendAccountToken,
  type AccountToken,
} from "./account-tokens.server";
import { assertAcceptablePassword } from "./password-policy.server";
import { createUser, findUserByEmail, type PublicUser } from "./users.server";

export const USER_ALREADY_EXISTS = "A user with this e-mail already exists.";
export const INVITATION_GONE = "This invitation was accepted or revoked meanwhile. Reload the page.";

export interface PendingInvitation {
  id: string;
  email: string;
  role: UserRole;
  /** The inviting administrator's e-mail (null once that account is deleted). */
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/** Invitations not yet accepted, expired ones included (they can be sent again), by address. */
export async function listPendingInvitations(db: Database): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: accountTokens.id,
      email: accountTokens.email,
      role: accountTokens.role,
      invitedBy: users.email,
      createdAt: accountTokens.createdAt,
      expiresAt: accountTokens.expiresAt,
    })
    .from(accountTokens)
    .leftJoin(users, eq(users.id, accountTokens.createdBy))
    .where(and(eq(accountTokens.kind, "invitation"), isNull(accountTokens.usedAt)))
    .orderBy(asc(accountTokens.email));
  // The table's check constraint guarantees an invitation's e-mail and role.
  return rows.map((row) => ({ ...row, email: row.email!, role: row.role as UserRole }));
}

async function findPendingInvitation(db: Database, id: string): Promise<AccountToken> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.id, id), eq(accountTokens.kind, "invitation"), isNull(accountTokens.usedAt)));
  if (!row) throw new ExpectedError(INVITATION_GONE, { status: 404 });
  return row;
}

export interface InvitationOptions {
  now?: Date;
  /** Where the link points and the company's name; this process's by default. */
  mailContext?: AccountMailContext;
}

/**
 * Invites `email` with `role`: the invitation and its mail in one transaction with the audit
 * entry. An earlier invitation to the same address that was not accepted is replaced.
 */
export async function inviteUser(
  db: Database,
  actor: Actor,
  input: { email: string; role: UserRole },
  options: InvitationOptions = {},
): Promise<{ invitation: AccountToken; token: string }> {
  const now = options.now ?? new Date();
  const email = normaliseEmail(input.email);
  if (await findUserByEmail(db, email)) throw new ExpectedError(USER_ALREADY_EXISTS, { field: "email" });
  const context = options.mailContext ?? (await accountMailContext(db));
  const issued = await auditedChange(
    db,
    actor,
    async (tx) => {
      await deleteSpentAccountTokens(tx, now);
      await tx
        .delete(accountTokens)
        .where(and(eq(accountTokens.kind, "invitation"), eq(accountTokens.email, email), isNull(accountTokens.usedAt)));
      const { token, row } = await issueAccountToken(
        tx,
        { kind: "invitation", email, role: input.role, createdBy: actor.id },
        now,
      );
      await queueMail(
        tx,
        composeInvitationMail(
          { email, role: input.role, expiresAt: row.expiresAt, invitedBy: actor.email },
          token,
          context,
        ),
      );
      return { invitation: row, token };
    },
    ({ invitation }) => ({
      action: "user.invite",
      entity: "account_tokens",
      entityId: invitation.id,
      details: { email, role: input.role, expiresAt: invitation.expiresAt.toISOString() },
    }),
  );
  void kickMailDelivery();
  return issued;
}

/** Sends a pending invitation again with a new link and a new expiry; the old link stops working. */
export async function resendInvitation(
  db: Database,
  actor: Actor,
  id: string,
  options: InvitationOptions = {},
): Promise<{ invitation: AccountToken; token: string }> {
  const now = options.now ?? new Date();
  const pending = await findPendingInvitation(db, id);
  if (await findUserByEmail(db, pending.email!)) throw new ExpectedError(USER_ALREADY_EXISTS);
  const context = options.mailContext ?? (await accountMailContext(db));
  const renewed = await auditedChange(
    db,
    actor,
    async (tx) => {
      const result = await renewAccountToken(tx, id, now);
      if (!result) throw new ExpectedError(INVITATION_GONE, { status: 404 });
      const { row, token } = result;
      await queueMail(
        tx,
        composeInvitationMail(
          { email: row.email!, role: row.role as UserRole, expiresAt: row.expiresAt, invitedBy: actor.email },
          token,
          context,
        ),
      );
      return { invitation: row, token };
    },
    ({ invitation }) => ({
      action: "user.invite_resend",
      entity: "account_tokens",
      entityId: invitation.id,
      details: { email: invitation.email, expiresAt: invitation.expiresAt.toISOString() },
    }),
  );
  void kickMailDelivery();
  return renewed;
}

/** Withdraws a pending invitation: its link stops working at once. */
export async function revokeInvitation(db: Database, actor: Actor, id: string): Promise<{ email: string }> {
  const pending = await findPendingInvitation(db, id);
  return auditedChange(
    db,
    actor,
    async (tx) => {
      const deleted = await tx
        .delete(accountTokens)
        .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
        .returning({ id: accountTokens.id });
      if (deleted.length === 0) throw new ExpectedError(INVITATION_GONE, { status: 404 });
      return { email: pending.email! };
    },
    ({ email }) => ({ action: "user.invite_revoke", entity: "account_tokens", entityId: id, details: { email } }),
  );
}

/** What the invitation page shows about a usable link: the address and the role. */
export interface InvitationForPage {
  email: string;
  role: UserRole;
  expiresAt: Date;
}

/**
 * The invitation behind a link, if the link can still be accepted: unused, unexpired, and its
 * address still without an account. Undefined otherwise, whichever of these it is.
 */
export async function findUsableInvitation(
  db: Database,
  token: string,
  now = new Date(),
): Promise<InvitationForPage | undefined> {
  const row = await findUsableToken(db, "invitation", token, now);
  if (!row || (await findUserByEmail(db, row.email!))) return undefined;
  return { email: row.email!, role: row.role as UserRole, expiresAt: row.expiresAt };
}

/**
 * Accepts an invitation: the account with the invited address and role and the chosen password,
 * the link spent and the audit entry, all or nothing. Undefined when the link cannot be used (the
 * page then says so, without saying why); a password the policy refuses is an ExpectedError on
 * `password` and leaves the link unused.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  password: string,
  now = new Date(),
): Promise<PublicUser | undefined> {
  // A look first, so a dead link costs no password check and no hashing.
  const invitation = await findUsableInvitation(db, token, now);
  if (!invitation) return undefined;
  await assertAcceptablePassword(password, { field: "password", userInputs: [invitation.email] });
  return db.transaction(async (tx) => {
    const spent = await spendAccountToken(tx, "invitation", token, now);
    // Another request used it a moment ago, or the address got an account meanwhile (the link is
    // then spent: it could never be accepted).
    if (!spent || (await findUserByEmail(tx, spent.email!))) return undefined;
    const user = await createUser(tx, { email: spent.email!, password, role: spent.role as UserRole });
    await recordAudit(tx, user, "user.invitation_accept", "users", user.id, {
      role: user.role,
      invitationId: spent.id,
      invitedBy: spent.createdBy,
    });
    return user;
  });
}
