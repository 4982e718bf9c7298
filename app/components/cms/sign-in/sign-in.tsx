import { EyeIcon, EyeOffIcon } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert, FormField, TextField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { FORGOT_PASSWORD_PATH } from "~/lib/auth/account-links";
import { emailField, loginSchema, NEW_PASSWORD_HINT, normaliseEmail, passwordField } from "~/lib/schemas/auth";
import { fieldErrors } from "~/lib/schemas/field-errors";
import { CsrfInput } from "../kit/csrf-input";
import { EmailField } from "../kit/email-field";
import { PasskeySignIn } from "../second-step/passkey-sign-in";

/** The sign-in card's two forms: signing in, and the first administrator's set-up while there is none. */
export const SIGN_IN_INTENTS = ["login", "setup"] as const;
export type SignInActionData = { intent: (typeof SIGN_IN_INTENTS)[number]; errors: Record<string, string> } | undefined;

/** /cms for a visitor who is not signed in: the first-run set-up while no admin exists, else sign-in. */
export function CmsSignIn({ setupNeeded }: { setupNeeded: boolean }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-12">
      <section className="w-full max-w-md rounded-lg border bg-card p-8 text-card-foreground shadow-sm">
        {setupNeeded ? <SetupForm /> : <LoginForm />}
      </section>
    </main>
  );
}

/** A labelled password field with the spec's show/hide toggle. */
export function PasswordField({
  id,
  label,
  error,
  hint,
  ...props
}: { id: string; label: string; error?: string; hint?: string } & Omit<React.ComponentProps<"input">, "id" | "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <div className="relative">
          <Input {...props} {...control} type={visible ? "text" : "password"} className="pr-11" />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? "Hide password" : "Show password"}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground"
          >
            {visible ? (
              <EyeOffIcon aria-hidden="true" className="size-4" />
            ) : (
              <EyeIcon aria-hidden="true" className="size-4" />
            )}
          </button>
        </div>
      )}
    </FormField>
  );
}

/** The e-mail and password fields of both forms; `onChange` hears each change to either. */
function CredentialFields({
  id,
  errors,
  passwordAutoComplete,
  passwordHint,
  onChange,
}: {
  id: string;
  errors: Record<string, string>;
  passwordAutoComplete: string;
  passwordHint?: string;
  onChange?: (field: "email" | "password", value: string) => void;
}) {
  return (
    <>
      <EmailField
        id={`${id}-email`}
        error={errors.email}
        onChange={(event) => onChange?.("email", event.currentTarget.value)}
      />
      <PasswordField
        id={`${id}-password`}
        label="Password"
        error={errors.password}
        name="password"
        autoComplete={passwordAutoComplete}
        hint={passwordHint}
        onChange={(event) => onChange?.("password", event.currentTarget.value)}
      />
    </>
  );
}

function LoginForm() {
  const actionData = useActionData() as SignInActionData;
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const id = useId();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "login";
  const serverErrors = actionData?.intent === "login" ? actionData.errors : {};
  const errors = { ...serverErrors, ...clientErrors };

  // A field's error clears as soon as the visitor types a valid value (SPEC.md section 5).
  const revalidate = (field: "email" | "password", value: string) => {
    if (!errors[field]) return;
    const valid = (field === "email" ? emailField : passwordField).safeParse(value).success;
    if (valid) setClientErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  return (
    <>
      <h1 className="text-2xl font-bold">Login to CMS</h1>
      <p className="mt-1 text-sm text-muted-foreground">Sign in with your administrator account.</p>
      <Form
        method="post"
        action="/cms"
        noValidate
        className="mt-6 grid gap-4"
        onSubmit={(event) => {
          const form = event.currentTarget;
          const emailInput = form.elements.namedItem("email") as HTMLInputElement;
          emailInput.value = normaliseEmail(emailInput.value);
          const parsed = loginSchema.safeParse({
            email: emailInput.value,
            password: (form.elements.namedItem("password") as HTMLInputElement).value,
          });
          if (!parsed.success) {
            event.preventDefault();
            setClientErrors(fieldErrors(parsed.error));
          } else {
            setClientErrors({});
          }
        }}
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <FormAlert>{errors.form}</FormAlert>
        <CredentialFields id={id} errors={errors} passwordAutoComplete="current-password" onChange={revalidate} />
        <Button type="submit" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
      <div className="mt-4">
        <PasskeySignIn mode="password-less" />
      </div>
      <p className="mt-4 text-center">
        <Link to={FORGOT_PASSWORD_PATH} className="text-sm font-medium text-primary underline underline-offset-4">
          Forgot password?
        </Link>
      </p>
    </>
  );
}

function SetupForm() {
  const actionData = useActionData() as SignInActionData;
  const navigation = useNavigation();
  const id = useId();
  const errors = actionData?.intent === "setup" ? actionData.errors : {};
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "setup";
  return (
    <>
      <h1 className="text-2xl font-bold">Create the administrator account</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        This site has no administrator yet. Enter the one-time setup code from the server&apos;s log, then choose the
        e-mail address and password you will sign in with.
      </p>
      <Form method="post" action="/cms" noValidate className="mt-6 grid gap-4">
        <CsrfInput />
        <input type="hidden" name="intent" value="setup" />
        <FormAlert>{errors.form}</FormAlert>
        <TextField id={`${id}-code`} label="Setup code" error={errors.code} name="code" autoComplete="one-time-code" />
        <CredentialFields
          id={id}
          errors={errors}
          passwordAutoComplete="new-password"
          passwordHint={NEW_PASSWORD_HINT}
        />
        <Button type="submit" disabled={submitting}>
          {submitting ? "Creating..." : "Create administrator"}
        </Button>
      </Form>
    </>
  );
}
