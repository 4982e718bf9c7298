import type * as React from "react";
import { Form } from "react-router";
import { ConfirmForm } from "~/components/cms/confirm-form";
import { CsrfInput } from "~/components/cms/csrf-input";
import { DataTable } from "~/components/cms/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SelectOptions } from "~/components/ui/form-field";
import { Input, NativeSelect } from "~/components/ui/input";
import { USER_ROLES } from "~/lib/enums";

export interface UserRow {
  id: string;
  email: string;
  role: string;
  isActive: boolean;
}

/** The Users tab's list: each account's role, status, a password reset and (de)activation. */
export function UsersTable({ users, currentUserId }: { users: readonly UserRow[]; currentUserId: string }) {
  return (
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
