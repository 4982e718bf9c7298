import { useId } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/form-field";
import { CsrfInput } from "../kit/csrf-input";
import { PasskeySignIn } from "./passkey-sign-in";

export interface SecondStepActionData {
  ok: false;
  intent: string;
  errors: Record<string, string>;
  /** The pending sign-in is gone (expired, or too many wrong codes): only signing in again helps. */
  expired?: boolean;
}

/**
 * The sign-in's second step: the code from the authenticator app or a recovery code,
 * or one of the account's passkeys. Shown after the right password, before any session.
 */
export function SecondStepCard({ email, totp, passkeys }: { email: string; totp: boolean; passkeys: number }) {
  const actionData = useActionData<SecondStepActionData>();
  const navigation = useNavigation();
  const id = useId();
  const errors = actionData?.errors ?? {};
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "code";
  return (
    <main id="main-content" className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-12">
      <section className="w-full max-w-md rounded-lg border bg-card p-8 text-card-foreground shadow-sm">
        <h1 className="text-2xl font-bold">Two-step sign-in</h1>
        <p className="mt-1 text-sm break-words text-muted-foreground">
          Signing in as <strong className="text-foreground">{email}</strong>.
        </p>
        {actionData?.expired ? (
          <div className="mt-6 grid gap-4">
            <FormAlert>{errors.form}</FormAlert>
            <Link to="/cms" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Sign in again
            </Link>
          </div>
        ) : (
          <div className="mt-6 grid gap-6">
            {totp ? (
              <Form method="post" noValidate className="grid gap-4">
                <CsrfInput />
                <input type="hidden" name="intent" value="code" />
                <FormAlert>{errors.form}</FormAlert>
                <TextField
                  id={`${id}-code`}
                  label="Authentication code"
                  hint="The 6-digit code from your authenticator app, or one of your recovery codes."
                  error={errors.code}
                  name="code"
                  autoComplete="one-time-code"
                  autoCapitalize="none"
                  spellCheck={false}
                />
                <Button type="submit" disabled={submitting}>
                  {submitting ? "Checking..." : "Verify"}
                </Button>
              </Form>
            ) : null}
            {passkeys > 0 ? <PasskeySignIn mode="second-step" /> : null}
            <Link to="/cms" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Cancel and go back to sign-in
            </Link>
          </div>
        )}
      </section>
    </main>
  );
}
