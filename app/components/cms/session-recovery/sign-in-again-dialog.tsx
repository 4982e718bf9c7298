/**
 * The dialog that opens over the CMS when a save finds the session ended: the editor signs in again
 * where they are, and the save that was refused is sent again (resend-after-sign-in.ts). It cannot
 * be dismissed without signing in, because dismissing it would drop that save.
 */
import { useEffect, useId, useRef, useState } from "react";
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/form-field";
import { loginSchema, normaliseEmail, UNEXPECTED_SIGN_IN_ERROR } from "~/lib/schemas/auth";
import { fieldErrors } from "~/lib/schemas/field-errors";
import { SESSION_EXPIRED_MESSAGE } from "~/lib/auth/session-expired";
import { useCsrfToken } from "../kit/csrf-input";
import { EmailField } from "../kit/email-field";
import { PasswordField } from "../sign-in/sign-in";
import { resendAfterSignIn } from "./resend-after-sign-in";

/** Mounted once by the CMS layout for a signed-in editor; `email` is who they were. */
export function SignInAgainDialog({ email }: { email: string }) {
  const [waiting, setWaiting] = useState<(() => void) | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [askCode, setAskCode] = useState(false);
  const csrf = useCsrfToken();
  const id = useId();
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(
    () =>
      resendAfterSignIn(
        () =>
          new Promise<void>((resolve) => {
            setErrors({});
            setWaiting(() => resolve);
          }),
      ),
    [],
  );

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set("email", normaliseEmail(String(form.get("email") ?? "")));
    const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setSending(true);
    try {
      const response = await fetch("/cms/session", { method: "POST", body: form });
      if (response.ok) {
        waiting?.();
        setWaiting(null);
        return;
      }
      const answer = (await response.json().catch(() => null)) as { errors?: Record<string, string> } | null;
      setErrors(answer?.errors ?? { form: UNEXPECTED_SIGN_IN_ERROR });
      if (answer?.errors?.code) setAskCode(true);
      passwordRef.current?.focus();
    } catch {
      // The network itself failed: the dialog stays, and signing in can be tried again.
      setErrors({ form: UNEXPECTED_SIGN_IN_ERROR });
    } finally {
      setSending(false);
    }
  }

  return (
    <AlertDialog open={waiting !== null}>
      <AlertDialogContent
        onEscapeKeyDown={(event) => event.preventDefault()}
        // The e-mail is already filled in: the password is what is asked for.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          passwordRef.current?.focus();
        }}
      >
        <AlertDialogTitle>Sign in to save your changes</AlertDialogTitle>
        <AlertDialogDescription>
          {SESSION_EXPIRED_MESSAGE} What you typed stays on the page and is saved as soon as you sign in.
        </AlertDialogDescription>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <input type="hidden" name="csrf" value={csrf} />
          {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
          <EmailField id={`${id}-email`} defaultValue={email} error={errors.email} />
          <PasswordField
            id={`${id}-password`}
            ref={passwordRef}
            label="Password"
            name="password"
            autoComplete="current-password"
            error={errors.password}
          />
          {/* An account with a second factor is asked for a code once the server says so. */}
          {errors.code || askCode ? (
            <TextField
              id={`${id}-code`}
              label="Code from your authenticator app, or a recovery code"
              name="code"
              autoComplete="one-time-code"
              error={errors.code}
            />
          ) : null}
          <Button type="submit" disabled={sending}>
            {sending ? "Signing in..." : "Sign in and save"}
          </Button>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
