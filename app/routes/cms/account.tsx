import { useId } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { CsrfInput } from "~/components/cms/csrf-input";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { fieldErrors } from "~/lib/schemas/auth";
import { changeOwnPasswordSchema } from "~/lib/schemas/users";
import { recordAudit } from "~/server/platform/audit.server";
import { verifyCsrf } from "~/server/auth/csrf.server";
import { requireUser } from "~/server/auth/guards.server";
import { verifyPassword } from "~/server/auth/passwords.server";
import { createSession, deleteUserSessions } from "~/server/auth/sessions.server";
import { getDb } from "~/server/platform/db/database.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { setUserPassword } from "~/server/auth/users.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "Change password | CMS" }];

/** Every signed-in user, administrator or not, may change their own password. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  return { email: user.email };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireUser(request);
  const form = await request.formData();
  verifyCsrf(request, form);
  const parsed = changeOwnPasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  if (!(await verifyPassword(user.passwordHash, parsed.data.currentPassword))) {
    return data({ errors: { currentPassword: "Your current password is not correct" } }, { status: 400 });
  }
  const db = await getDb();
  await setUserPassword(db, user.id, parsed.data.newPassword);
  // Every session, this one included, ends; this browser gets a fresh one so the user stays in.
  await deleteUserSessions(db, user.id);
  const cookie = await createSession(db, user.id, request.headers.get("User-Agent"));
  await recordAudit(db, user, "user.password_change", "users", user.id);
  const response = await redirectWithToast("/cms", {
    type: "success",
    description: "Your password was changed. Other devices have been signed out.",
  });
  response.headers.append("Set-Cookie", cookie);
  return response;
}

export default function Account() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const id = useId();
  const busy = navigation.state === "submitting";
  const passwordField = (name: string, label: string, autoComplete: string) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      error={errors[name]}
      name={name}
      type="password"
      autoComplete={autoComplete}
    />
  );
  return (
    <section className="mx-auto max-w-md rounded-lg border bg-card p-6">
      <h2 className="text-lg font-semibold">Change your password</h2>
      <Form method="post" className="mt-4 grid gap-4" noValidate>
        <CsrfInput />
        {passwordField("currentPassword", "Current password", "current-password")}
        {passwordField("newPassword", "New password", "new-password")}
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
