import type * as React from "react";
import { useEffect, useId, useRef } from "react";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { ConfirmForm } from "~/components/cms/confirm-form";
import { CsrfInput } from "~/components/cms/csrf-input";
import { DataTable } from "~/components/cms/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormAlert, SelectField, SelectOptions, TextField } from "~/components/ui/form-field";
import { Input, NativeSelect } from "~/components/ui/input";
import { USER_ROLES } from "~/lib/enums";
import { fieldErrors } from "~/lib/schemas/auth";
import { changeRoleSchema, newUserSchema, resetPasswordSchema, userIdSchema } from "~/lib/schemas/users";
import { listAudit, recordAudit } from "~/server/platform/audit.server";
import { requireAdmin, requireAdminForm } from "~/server/auth/guards.server";
import { deleteUserSessions } from "~/server/auth/sessions.server";
import { getDb } from "~/server/platform/db/database.server";
import { dataWithToast } from "~/server/platform/toast.server";
import { createUser, listUsers, setUserActive, setUserPassword, setUserRole } from "~/server/auth/users.server";
import type { Route } from "./+types/users";
import { ExpectedError } from "~/server/platform/errors.server";

export const meta: Route.MetaFunction = () => [{ title: "Users | CMS" }];

/** How many of the latest audit entries the Users tab shows. */
const RECENT_CHANGES = 50;

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request);
  const db = await getDb();
  const [users, recentChanges] = await Promise.all([listUsers(db), listAudit(db, RECENT_CHANGES)]);
  return { users, currentUserId: user.id, recentChanges };
}

type ActionResult = { errors?: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const { current, form } = await requireAdminForm(request);
  const db = await getDb();
  const actor = current.user;
  const values = Object.fromEntries(form);
  try {
    switch (form.get("intent")) {
      case "create": {
        const parsed = newUserSchema.safeParse(values);
        if (!parsed.success) return data<ActionResult>({ errors: fieldErrors(parsed.error) }, { status: 400 });
        const user = await createUser(db, parsed.data);
        await recordAudit(db, actor, "user.create", "users", user.id, { email: user.email, role: user.role });
        return dataWithToast<ActionResult>({}, { type: "success", description: `User ${user.email} added.` });
      }
      case "role": {
        const parsed = changeRoleSchema.safeParse(values);
        if (!parsed.success)
          return dataWithToast<ActionResult>({}, { type: "error", description: "Choose a role." }, { status: 400 });
        await setUserRole(db, parsed.data.id, parsed.data.role);
        await recordAudit(db, actor, "user.role", "users", parsed.data.id, { role: parsed.data.role });
        return dataWithToast<ActionResult>({}, { type: "success", description: "Role updated." });
      }
      case "password": {
        const parsed = resetPasswordSchema.safeParse(values);
        if (!parsed.success) {
          return dataWithToast<ActionResult>(
            {},
            { type: "error", description: fieldErrors(parsed.error).password ?? "Invalid password." },
            { status: 400 },
          );
        }
        await setUserPassword(db, parsed.data.id, parsed.data.password);
        await deleteUserSessions(db, parsed.data.id);
        await recordAudit(db, actor, "user.password_reset", "users", parsed.data.id);
        return dataWithToast<ActionResult>(
          {},
          { type: "success", description: "Password reset. The user's sessions were ended." },
        );
      }
      case "deactivate":
      case "activate": {
        const parsed = userIdSchema.safeParse(values);
        if (!parsed.success)
          return dataWithToast<ActionResult>({}, { type: "error", description: "User not found." }, { status: 400 });
        const activate = form.get("intent") === "activate";
        await setUserActive(db, parsed.data.id, activate);
        if (!activate) await deleteUserSessions(db, parsed.data.id);
        await recordAudit(db, actor, activate ? "user.activate" : "user.deactivate", "users", parsed.data.id);
        return dataWithToast<ActionResult>(
          {},
          { type: "success", description: activate ? "User reactivated." : "User deactivated and signed out." },
        );
      }
      default:
        return data<ActionResult>({ errors: { form: "Unknown action." } }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof ExpectedError) {
      return dataWithToast<ActionResult>(
        { errors: { form: error.message } },
        { type: "error", description: error.message },
        { status: 400 },
      );
    }
    throw error;
  }
}

export default function UsersTab() {
  const { users, currentUserId, recentChanges } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <section className="rounded-lg border bg-card p-6">
        <h2 className="text-lg font-semibold">Users ({users.length})</h2>
        <DataTable columns={["E-mail", "Role", "Status", "Reset password"]} lastColumn="Access">
          {users.map((user) => (
            <tr key={user.id} className="border-b align-top last:border-0">
              <td className="py-3 pr-4 font-medium">
                {user.email}
                {user.id === currentUserId ? <span className="ml-2 text-muted-foreground">(you)</span> : null}
              </td>
              <td className="py-3 pr-4">
                <UserForm intent="role" userId={user.id} className="flex items-center gap-2">
                  <NativeSelect
                    name="role"
                    defaultValue={user.role}
                    aria-label={`Role of ${user.email}`}
                    className="w-28"
                  >
                    <SelectOptions values={USER_ROLES} />
                  </NativeSelect>
                  <Button type="submit" size="sm" variant="outline">
                    Save role
                  </Button>
                </UserForm>
              </td>
              <td className="py-3 pr-4">
                <Badge tone={user.isActive ? "green" : "gray"}>{user.isActive ? "Active" : "Deactivated"}</Badge>
              </td>
              <td className="py-3 pr-4">
                <UserForm intent="password" userId={user.id} className="flex items-center gap-2">
                  <Input
                    name="password"
                    type="password"
                    autoComplete="new-password"
                    aria-label={`New password for ${user.email}`}
                    placeholder="New password"
                    className="w-40"
                  />
                  <Button type="submit" size="sm" variant="outline">
                    Reset
                  </Button>
                </UserForm>
              </td>
              <td className="py-3">
                {user.isActive ? (
                  <ConfirmForm
                    fields={{ intent: "deactivate", id: user.id }}
                    question={`Deactivate ${user.email}? They will be signed out at once.`}
                    confirmLabel="Deactivate"
                    buttonLabel={`Deactivate ${user.email}`}
                  >
                    Deactivate
                  </ConfirmForm>
                ) : (
                  <UserForm intent="activate" userId={user.id}>
                    <Button type="submit" size="sm" variant="outline" aria-label={`Reactivate ${user.email}`}>
                      Reactivate
                    </Button>
                  </UserForm>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
      <AddUserForm />
      <RecentChanges entries={recentChanges} />
    </div>
  );
}

const changeTimeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/London",
});

/** The audit log: who changed what, and when (the latest entries, newest first). */
function RecentChanges({
  entries,
}: {
  entries: {
    id: string;
    createdAt: Date;
    userEmail: string;
    action: string;
    entity: string;
    entityId: string | null;
  }[];
}) {
  return (
    <section className="rounded-lg border bg-card p-6">
      <h2 className="text-lg font-semibold">Recent changes</h2>
      <p className="mt-1 text-sm text-muted-foreground">The latest {RECENT_CHANGES} changes made in the CMS.</p>
      <DataTable
        columns={["When", "Who", "What"]}
        lastColumn="Record"
        empty={entries.length === 0}
        emptyMessage="No changes recorded yet."
      >
        {entries.map((entry) => (
          <tr key={entry.id} className="border-b align-top last:border-0">
            <td className="py-2 pr-4 whitespace-nowrap">
              <time dateTime={new Date(entry.createdAt).toISOString()}>
                {changeTimeFormat.format(new Date(entry.createdAt))}
              </time>
            </td>
            <td className="py-2 pr-4">{entry.userEmail}</td>
            <td className="py-2 pr-4 font-mono text-xs">{entry.action}</td>
            <td className="py-2 font-mono text-xs break-all">
              {entry.entity}
              {entry.entityId ? ` ${entry.entityId}` : ""}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/** A POST form about one user: the CSRF token, the intent and the user's id go with its own fields. */
function UserForm({
  intent,
  userId,
  className,
  children,
}: {
  intent: string;
  userId: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={userId} />
      {children}
    </Form>
  );
}

function AddUserForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // After a user was added, the form is cleared for the next one.
  useEffect(() => {
    if (actionData && !actionData.errors) formRef.current?.reset();
  }, [actionData]);
  const errors = actionData?.errors ?? {};
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
        />
        <SelectField id={`${id}-role`} label="Role" name="role" defaultValue="user" options={USER_ROLES} />
        <Button type="submit" disabled={busy}>
          {busy ? "Adding..." : "Add user"}
        </Button>
      </Form>
    </section>
  );
}
