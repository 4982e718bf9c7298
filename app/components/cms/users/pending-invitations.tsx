import { Form } from "react-router";
import { ConfirmForm } from "~/components/cms/kit/confirm-form";
import { CsrfInput } from "~/components/cms/kit/csrf-input";
import { DataTable } from "~/components/cms/kit/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/text/format";

export const RESEND_INVITATION_INTENT = "resend-invitation";
export const REVOKE_INVITATION_INTENT = "revoke-invitation";

export interface PendingInvitationRow {
  id: string;
  email: string;
  /** The role as people read it. */
  role: string;
  invitedBy: string | null;
  /** ISO 8601. */
  expiresAt: string;
  expired: boolean;
}

/** The Users tab's invitations not yet accepted, each with Resend (a new link) and Revoke. */
export function PendingInvitations({ invitations }: { invitations: readonly PendingInvitationRow[] }) {
  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby="pending-invitations-heading">
      <h2 id="pending-invitations-heading" className="text-lg font-semibold">
        Pending invitations ({invitations.length})
      </h2>
      <DataTable
        label="Pending invitations"
        columns={["E-mail", "Role", "Invited by", "Link works until"]}
        empty={invitations.length === 0}
        emptyMessage="No invitations are waiting to be accepted."
      >
        {invitations.map((invitation) => (
          <tr key={invitation.id} className="border-b align-top last:border-0">
            <td className="py-3 pr-4 font-medium">{invitation.email}</td>
            <td className="py-3 pr-4">{invitation.role}</td>
            <td className="py-3 pr-4">{invitation.invitedBy ?? "A deleted user"}</td>
            <td className="py-3 pr-4">
              {invitation.expired ? (
                <Badge tone="gray">Expired</Badge>
              ) : (
                <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt, "dateTime")}</time>
              )}
            </td>
            <td className="py-3">
              <div className="flex items-center gap-2">
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="intent" value={RESEND_INVITATION_INTENT} />
                  <input type="hidden" name="id" value={invitation.id} />
                  <Button
                    type="submit"
                    size="sm"
                    variant="outline"
                    aria-label={`Resend the invitation to ${invitation.email}`}
                  >
                    Resend
                  </Button>
                </Form>
                <ConfirmForm
                  fields={{ intent: REVOKE_INVITATION_INTENT, id: invitation.id }}
                  question={`Revoke the invitation to ${invitation.email}?`}
                  description="The link in their e-mail stops working at once. You can invite them again later."
                  confirmLabel="Revoke"
                  buttonLabel={`Revoke the invitation to ${invitation.email}`}
                >
                  Revoke
                </ConfirmForm>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
