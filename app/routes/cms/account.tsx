import { useId, useRef } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { useSaveShortcut } from "~/components/cms/use-save-shortcut";
import { useUnsavedChanges } from "~/components/cms/use-unsaved-changes";
import { CsrfInput } from "~/components/cms/csrf-input";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { NEW_PASSWORD_HINT } from "~/lib/schemas/auth";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/account";
import { changePasswordAction } from "./account.server";

/** Every signed-in user, administrator or not, may change their own password. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  return { email: user.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  return changePasswordAction(request, context.clientAddress);
}

export default function Account() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const id = useId();
  const busy = navigation.state === "submitting";
  // Ask before leaving with typed passwords; Ctrl/Cmd+S submits (issue 17).
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
      <Form ref={formRef} method="post" className="mt-4 grid gap-4" noValidate>
        <CsrfInput />
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
