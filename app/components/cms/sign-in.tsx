import { EyeIcon, EyeOffIcon } from "lucide-react";
import { useId, useState } from "react";
import { Form, useActionData, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { emailField, fieldErrors, loginSchema, normaliseEmail, passwordField } from "~/lib/schemas/auth";
import { CsrfInput } from "./csrf-input";

export type SignInActionData = { intent: "login" | "setup"; errors: Record<string, string> } | undefined;

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

/** A password input with the spec's show/hide toggle. */
function PasswordInput({
  id,
  name,
  error,
  autoComplete,
  onValue,
}: {
  id: string;
  name: string;
  error?: string;
  autoComplete: string;
  onValue?: (value: string) => void;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        id={id}
        name={name}
        type={visible ? "text" : "password"}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onValue?.(event.currentTarget.value)}
        className="pr-11"
      />
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
        {errors.form ? (
          <p role="alert" className="rounded-md border border-destructive bg-destructive/10 px-3 py-2 text-sm">
            {errors.form}
          </p>
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
            onChange={(event) => revalidate("email", event.currentTarget.value)}
          />
          <FieldError id={`${id}-email-error`}>{errors.email}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-password`}>Password</Label>
          <PasswordInput
            id={`${id}-password`}
            name="password"
            autoComplete="current-password"
            error={errors.password}
            onValue={(value) => revalidate("password", value)}
          />
          <FieldError id={`${id}-password-error`}>{errors.password}</FieldError>
        </div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
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
        {errors.form ? (
          <p role="alert" className="rounded-md border border-destructive bg-destructive/10 px-3 py-2 text-sm">
            {errors.form}
          </p>
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-code`}>Setup code</Label>
          <Input
            id={`${id}-code`}
            name="code"
            autoComplete="one-time-code"
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? `${id}-code-error` : undefined}
          />
          <FieldError id={`${id}-code-error`}>{errors.code}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
          />
          <FieldError id={`${id}-email-error`}>{errors.email}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-password`}>Password</Label>
          <PasswordInput id={`${id}-password`} name="password" autoComplete="new-password" error={errors.password} />
          <FieldError id={`${id}-password-error`}>{errors.password}</FieldError>
        </div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Creating..." : "Create administrator"}
        </Button>
      </Form>
    </>
  );
}
