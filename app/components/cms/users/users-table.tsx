import type * as React from "react";
import { useRef, useState } from "react";
import { Form } from "react-router";
import { ConfirmDialogContent, ConfirmForm } from "~/components/cms/kit/confirm-form";
import { CsrfInput } from "~/components/cms/kit/csrf-input";
import { DataTable } from "~/components/cms/kit/data-table";
import { ListSearch } from "~/components/cms/kit/list-search";
import { Pagination } from "~/components/cms/kit/pagination";
import { AlertDialog } from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SelectOptions } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { USER_ROLES, type UserRole } from "~/lib/enums";
import { ROLE_LABELS } from "~/lib/auth/permissions";

export interface UserRow {
  id: string;
  email: string;
  role: string;
  isActive: boolean;
  /** Whether they have an authenticator app or a passkey. */
  secondFactor: boolean;
}

/** Which page of the accounts is shown, and the search that chose them. */
export interface UserListPage {
  /** What the search box asked for; "" for every account. */
  query: string;
  page: number;
  /** How many accounts match the search, on every page. */
  total: number;
}

/**
 * The Users tab's list, a page at a time in e-mail order, with a search by e-mail: each account's
 * role, status, a password reset and (de)activation.
 */
export function UsersTable({
  users,
  list,
  currentUserId,
}: {
  users: readonly UserRow[];
  list: UserListPage;
  currentUserId: string;
}) {
  return (
    <section className="rounded-lg border bg-card p-6">
      <h2 className="text-lg font-semibold">Users ({list.total})</h2>
      <ListSearch id="users" label="Search e-mail" query={list.query} />
      <DataTable
        label="Users"
        columns={["E-mail", "Role", "Status", "Reset password", "Second factor"]}
        lastColumn="Access"
        empty={users.length === 0}
        emptyMessage={`No users match “${list.query}”.`}
        footer={<Pagination page={list.page} total={list.total} />}
      >
        {users.map((user) => (
          <tr key={user.id} className="border-b align-top last:border-0">
            <td className="py-3 pr-4 font-medium">
              {user.email}
              {user.id === currentUserId ? <span className="ml-2 text-muted-foreground">(you)</span> : null}
            </td>
            <td className="py-3 pr-4">
              <RoleForm user={user} isSelf={user.id === currentUserId} />
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
                  className="w-40!"
                />
                <Button type="submit" size="sm" variant="outline">
                  Reset
                </Button>
              </UserForm>
            </td>
            <td className="py-3 pr-4">
              <SecondFactorCell user={user} isSelf={user.id === currentUserId} />
            </td>
            <td className="py-3">
              {user.isActive ? (
                <ConfirmForm
                  fields={{ intent: "deactivate", id: user.id }}
                  question={`Deactivate ${user.email}? They will be signed out at once.`}
                  description="They cannot sign in until they are reactivated, which you can do from this list at any time."
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
  );
}

/**
 * A user's role. Changing one's own asks first, in the same accessible dialog as the deletions:
 * an administrator who makes themself an editor or support loses the Users tab (and the rest of
 * the administrator's access) at once and cannot undo it.
 */
function RoleForm({ user, isSelf }: { user: UserRow; isSelf: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [role, setRole] = useState(user.role);
  const [confirming, setConfirming] = useState(false);
  const needsConfirmation = isSelf && role !== user.role;
  return (
    <Form method="post" ref={formRef} className="flex items-center gap-2">
      <CsrfInput />
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="id" value={user.id} />
      <NativeSelect
        name="role"
        value={role}
        onChange={(event) => setRole(event.currentTarget.value)}
        aria-label={`Role of ${user.email}`}
        className="w-36!"
      >
        <SelectOptions values={USER_ROLES} label={(value) => ROLE_LABELS[value]} />
      </NativeSelect>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <Button
          type={needsConfirmation ? "button" : "submit"}
          size="sm"
          variant="outline"
          onClick={needsConfirmation ? () => setConfirming(true) : undefined}
        >
          Save role
        </Button>
        <ConfirmDialogContent
          question={`Change your own role to ${roleLabel(role)}?`}
          description={
            role === "admin"
              ? "You will have the administrator's access."
              : "You will lose the administrator's access at once, this tab included; only another administrator can give it back."
          }
          confirmLabel="Change my role"
          onConfirm={() => formRef.current?.requestSubmit()}
        />
      </AlertDialog>
    </Form>
  );
}

/** Whether the user has a second factor, and an administrator's reset of another user's. */
function SecondFactorCell({ user, isSelf }: { user: UserRow; isSelf: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone={user.secondFactor ? "green" : "gray"}>{user.secondFactor ? "On" : "Off"}</Badge>
      {user.secondFactor && !isSelf ? (
        <ConfirmForm
          fields={{ intent: "reset-second-factor", id: user.id }}
          question={`Reset the second factor of ${user.email}?`}
          description="Their authenticator app, recovery codes and passkeys are removed; they sign in with their password and set up a new one. They are told by e-mail."
          confirmLabel="Reset second factor"
          buttonLabel={`Reset second factor of ${user.email}`}
        >
          Reset
        </ConfirmForm>
      ) : null}
    </div>
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

/** A role as the screen names it (a stored value outside the list is shown as it is). */
function roleLabel(role: string): string {
  return (USER_ROLES as readonly string[]).includes(role) ? ROLE_LABELS[role as UserRole] : role;
}
