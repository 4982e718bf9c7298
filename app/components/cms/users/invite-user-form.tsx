import { useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { CsrfInput } from "~/components/cms/kit/csrf-input";
import { Button } from "~/components/ui/button";
import { FormAlert, SelectField, TextField } from "~/components/ui/form-field";
import { INVITATION_LIFETIME_TEXT } from "~/lib/auth/account-links";
import { INVITATION_ROLES } from "~/lib/enums";
import { ROLE_LABELS } from "~/lib/auth/permissions";
import { useClearedOnSuccess } from "~/components/cms/kit/use-unsaved-changes";

export const INVITE_INTENT = "invite";

/** Offered first: an invitation gives the administrator's access only when someone chooses it. */
const LEAST_ACCESS_ROLE = INVITATION_ROLES.find((role) => role !== "admin") ?? INVITATION_ROLES[0];

export interface InviteResult {
  ok: boolean;
  intent?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
}

/**
 * The Users tab's "Invite a user": an e-mail and a role; the invitee gets a link to
 * choose their own password. `result` is the tab's last answer to this form, if it was to this one.
 */
export function InviteUserForm({ result }: { result: InviteResult | undefined }) {
  const navigation = useNavigation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // After an invitation went out, the form is cleared for the next one.
  useClearedOnSuccess(formRef, result?.ok ? result : undefined);
  const errors = result?.ok ? {} : (result?.errors ?? {});
  const values = result?.ok ? {} : (result?.values ?? {});
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === INVITE_INTENT;
  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Invite a user
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        They get an e-mail with a link to choose their own password. The link works once, for {INVITATION_LIFETIME_TEXT}
        .
      </p>
      <Form ref={formRef} method="post" className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-end" noValidate>
        <CsrfInput />
        <FormAlert className="sm:col-span-3">{errors.form}</FormAlert>
        <input type="hidden" name="intent" value={INVITE_INTENT} />
        <TextField
          id={`${id}-email`}
          label="Email"
          error={errors.email}
          name="email"
          type="email"
          autoComplete="off"
          defaultValue={values.email ?? ""}
        />
        <SelectField
          id={`${id}-role`}
          label="Role"
          name="role"
          error={errors.role}
          defaultValue={values.role ?? LEAST_ACCESS_ROLE}
          options={INVITATION_ROLES}
          optionLabel={(role) => ROLE_LABELS[role]}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Sending..." : "Send invitation"}
        </Button>
      </Form>
    </section>
  );
}
