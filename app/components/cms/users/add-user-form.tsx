import { useEffect, useId, useRef } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { CsrfInput } from "~/components/cms/kit/csrf-input";
import { Button } from "~/components/ui/button";
import { FormAlert, SelectField, TextField } from "~/components/ui/form-field";
import { USER_ROLES } from "~/lib/enums";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "~/lib/auth/permissions";
import { NEW_PASSWORD_HINT } from "~/lib/schemas/auth";
import { useClearedOnSuccess } from "~/components/cms/kit/use-unsaved-changes";

/** The Users tab's "Add a user"; `result` is the tab's last action answer (its messages, or ok). */
export function AddUserForm({
  result,
}: {
  result: { ok: boolean; errors?: Record<string, string>; added?: string } | undefined;
}) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // After a user was added, the form is cleared for the next one, and the list searched for them:
  // a page of the list in e-mail order need not be the one they are on.
  const added = result?.ok ? result.added : undefined;
  useClearedOnSuccess(formRef, added);
  // Once the tab has reloaded after the action (its toast delivered): navigating sooner would
  // cancel that reload, and the toast with it.
  const idle = navigation.state === "idle";
  useEffect(() => {
    if (added && idle) void navigate(`?${new URLSearchParams({ q: added })}`);
  }, [added, idle, navigate]);
  const errors = result?.errors ?? {};
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <section className="rounded-lg border bg-card p-6">
      <h2 className="text-lg font-semibold">Add a user</h2>
      <Form ref={formRef} method="post" className="mt-4 grid gap-4 sm:grid-cols-4 sm:items-end" noValidate>
        <CsrfInput />
        <FormAlert className="sm:col-span-4">{errors.form}</FormAlert>
        <input type="hidden" name="intent" value="create" />
        <TextField id={`${id}-email`} label="Email" error={errors.email} name="email" type="email" />
        <TextField
          id={`${id}-password`}
          label="Initial password"
          error={errors.password}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
        />
        <SelectField
          id={`${id}-role`}
          label="Role"
          name="role"
          defaultValue="editor"
          options={USER_ROLES}
          optionLabel={(role) => ROLE_LABELS[role]}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Adding..." : "Add user"}
        </Button>
        {/* What each role may do, from the same table the server checks (app/lib/auth/permissions.ts). */}
        <dl className="grid gap-1 text-sm text-muted-foreground sm:col-span-4">
          {USER_ROLES.map((role) => (
            <div key={role}>
              <dt className="inline font-medium text-foreground">{ROLE_LABELS[role]}:</dt>{" "}
              <dd className="inline">{ROLE_DESCRIPTIONS[role]}</dd>
            </div>
          ))}
        </dl>
      </Form>
    </section>
  );
}
