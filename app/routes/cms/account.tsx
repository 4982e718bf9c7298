import { useEffect, useId, useRef } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { useSaveShortcut } from "~/components/cms/kit/use-save-shortcut";
import { useUnsavedChanges } from "~/components/cms/kit/use-unsaved-changes";
import { CsrfInput } from "~/components/cms/kit/csrf-input";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { NEW_PASSWORD_HINT } from "~/lib/schemas/auth";
import { AuthenticatorSection, type AccountActionResult } from "~/components/cms/account/authenticator-section";
import { ConfirmIdentityProvider, useConfirmIdentity } from "~/components/cms/account/confirm-identity";
import { OtherSessionsSection } from "~/components/cms/account/other-sessions-section";
import { PasskeysSection } from "~/components/cms/account/passkeys-section";
import { SecurityReview } from "~/components/cms/account/security-review";
import { FormAlert } from "~/components/ui/form-field";
import type { Route } from "./+types/account";
import { accountAction, loadAccount } from "./account.server";

/** Every signed-in user, administrator or not, may change their own password and how they sign in. */
export async function loader({ request }: Route.LoaderArgs) {
  return loadAccount(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context.clientAddress);
}

export default function Account() {
  const { secondFactor, mustEnrol, confirmation, otherSessions, securityReviewSince } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AccountActionResult | undefined;
  return (
    <ConfirmIdentityProvider confirmation={confirmation}>
      <AskAgainWhenRefused result={actionData} />
      {mustEnrol ? (
        <div className="mx-auto mb-6 max-w-md">
          <FormAlert>
            This site requires administrators to use a second factor. Set up an authenticator app or add a passkey below
            before using the CMS.
          </FormAlert>
        </div>
      ) : null}
      {securityReviewSince ? (
        <SecurityReview
          since={securityReviewSince}
          passkeys={secondFactor.passkeys.length}
          authenticatorApp={secondFactor.totpEnabled}
        />
      ) : null}
      <PasswordSection errors={actionData?.intent === "password" && !actionData.ok ? (actionData.errors ?? {}) : {}} />
      <AuthenticatorSection
        enabled={secondFactor.totpEnabled}
        setup={secondFactor.totpSetup}
        recoveryCodesLeft={secondFactor.recoveryCodesLeft}
        result={actionData}
      />
      <PasskeysSection passkeys={secondFactor.passkeys} />
      <OtherSessionsSection count={otherSessions} />
    </ConfirmIdentityProvider>
  );
}

/** A change the server refused for want of a recent confirmation: ask for it, then send the change again. */
function AskAgainWhenRefused({ result }: { result: AccountActionResult | undefined }) {
  const { askAgain } = useConfirmIdentity();
  useEffect(() => {
    if (result?.confirmFirst) askAgain();
  }, [result, askAgain]);
  return null;
}

function PasswordSection({ errors }: { errors: Record<string, string> }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const confirm = useConfirmIdentity();
  const id = useId();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  // Ask before leaving with typed passwords; Ctrl/Cmd+S submits.
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef, actionData);
  useSaveShortcut(formRef, { anywhere: true });
  const passwordField = (name: string, label: string, autoComplete: string, hint?: string) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      hint={hint}
      error={errors[name]}
      name={name}
      type="password"
      autoComplete={autoComplete}
    />
  );
  return (
    <section className="mx-auto max-w-md rounded-lg border bg-card p-6">
      <h2 className="text-lg font-semibold">Change your password</h2>
      <Form ref={formRef} method="post" className="mt-4 grid gap-4" noValidate onSubmit={confirm.guardSubmit}>
        <CsrfInput />
        <input type="hidden" name="intent" value="password" />
        <FormAlert>{errors.form}</FormAlert>
        {passwordField("currentPassword", "Current password", "current-password")}
        {passwordField("newPassword", "New password", "new-password", NEW_PASSWORD_HINT)}
        {passwordField("confirmPassword", "Confirm new password", "new-password")}
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Change password"}
          </Button>
          <Link to="/cms" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Change password | CMS" }];
