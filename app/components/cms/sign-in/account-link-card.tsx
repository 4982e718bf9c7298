import type * as React from "react";
import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-field";
import { INVALID_LINK_MESSAGE, INVALID_LINK_TITLE } from "~/lib/auth/account-links";
import { NEW_PASSWORD_HINT } from "~/lib/schemas/auth";
import { CsrfInput } from "../kit/csrf-input";
import { EmailField } from "../kit/email-field";
import { PasswordField } from "./sign-in";

export const LINK_CLASS = "text-sm font-medium text-primary underline underline-offset-4";

/**
 * The card of the CMS pages a visitor reaches without a session (forgot password, an invitation,
 * a reset link), like the sign-in card they sit beside.
 */
export function AccountCard({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-12">
      <section className="w-full max-w-md rounded-lg border bg-card p-8 text-card-foreground shadow-sm">
        {children}
      </section>
    </main>
  );
}

export function BackToSignIn() {
  return (
    <p className="mt-6 text-center">
      <Link to="/cms" className={LINK_CLASS}>
        Back to sign in
      </Link>
    </p>
  );
}

/**
 * A link that cannot be used: unknown, used, expired or replaced all read the same, so the page
 * tells nobody which links exist. `next` says what to do instead.
 */
export function InvalidLinkCard({ next }: { next: React.ReactNode }) {
  return (
    <AccountCard>
      <h1 className="text-2xl font-bold">{INVALID_LINK_TITLE}</h1>
      <p className="mt-3 text-muted-foreground">{INVALID_LINK_MESSAGE}</p>
      <div className="mt-3">{next}</div>
      <BackToSignIn />
    </AccountCard>
  );
}

/** A form of these cards: it posts to its page, with the CSRF token and the server's refusal first. */
export function AccountForm({ error, children }: { error?: string; children: React.ReactNode }) {
  return (
    <Form method="post" noValidate className="mt-6 grid gap-4">
      <CsrfInput />
      <FormAlert>{error}</FormAlert>
      {children}
    </Form>
  );
}

/** The new password, typed twice, of the invitation and reset pages. */
export function ChoosePasswordForm({
  email,
  errors,
  submitLabel,
  busyLabel,
}: {
  /** The account's address, shown read-only so that a password manager files the password under it. */
  email: string;
  errors: Record<string, string>;
  submitLabel: string;
  busyLabel: string;
}) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <AccountForm error={errors.form}>
      <EmailField id={`${id}-email`} value={email} readOnly />
      <PasswordField
        id={`${id}-password`}
        label="New password"
        name="password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        error={errors.password}
      />
      <PasswordField
        id={`${id}-confirm`}
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </AccountForm>
  );
}
