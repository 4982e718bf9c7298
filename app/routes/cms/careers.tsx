/**
 * The CMS Careers tab (/cms/careers; SPEC.md sections 2, 3 and 5): every job opening, newest first,
 * with add and edit in a dialog, and delete. The action lives in careers.server.ts.
 */
import { PencilIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { useLoaderData } from "react-router";
import { CareerForm } from "~/components/cms/career-form";
import { ConfirmForm } from "~/components/cms/confirm-form";
import { DataTable } from "~/components/cms/data-table";
import { useDialogOpener } from "~/components/cms/use-dialog-opener";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/careers";
import { careersAction, careersView } from "./careers.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return careersView();
}

export function action({ request }: Route.ActionArgs) {
  return careersAction(request);
}

type CareerItem = Awaited<ReturnType<typeof loader>>["careers"][number];

/** Which dialog is open: none, a new career, or an existing one. */
type Editing = { mode: "closed" } | { mode: "create" } | { mode: "edit"; career: CareerItem };

export default function CareersTab() {
  const { careers, error } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState<Editing>({ mode: "closed" });
  const opener = useDialogOpener();
  const open = (next: Editing) => {
    opener.remember(document.activeElement);
    setEditing(next);
  };
  const close = () => setEditing({ mode: "closed" });
  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby="careers-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="careers-heading" className="text-lg font-semibold">
          Careers Management
        </h2>
        <Button type="button" onClick={() => open({ mode: "create" })}>
          <PlusIcon aria-hidden="true" />
          Add New Career
        </Button>
      </div>
      <DataTable
        columns={["Title", "Department", "Location", "Type", "Status"]}
        error={error}
        empty={careers.length === 0}
        emptyMessage="No careers found. Create your first career posting."
      >
        {careers.map((career) => (
          <tr key={career.id} className="border-b align-middle last:border-0">
            <td className="py-3 pr-4 font-medium">{career.title}</td>
            <td className="py-3 pr-4">{career.department}</td>
            <td className="py-3 pr-4">{career.location}</td>
            <td className="py-3 pr-4">{career.type}</td>
            <td className="py-3 pr-4">
              <Badge tone={career.isActive ? "green" : "gray"}>{career.isActive ? "Active" : "Inactive"}</Badge>
            </td>
            <td className="py-3">
              <div className="flex justify-end gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Edit ${career.title}`}
                  onClick={() => open({ mode: "edit", career })}
                >
                  <PencilIcon aria-hidden="true" />
                </Button>
                <ConfirmForm
                  fields={{ intent: "delete", id: career.id }}
                  question="Are you sure you want to delete this career?"
                  buttonLabel={`Delete ${career.title}`}
                />
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      <Dialog open={editing.mode !== "closed"} onOpenChange={(isOpen) => (isOpen ? undefined : close())}>
        {editing.mode === "closed" ? null : (
          <DialogContent onCloseAutoFocus={opener.onCloseAutoFocus}>
            <CareerForm career={editing.mode === "edit" ? editing.career : null} onSaved={close} />
          </DialogContent>
        )}
      </Dialog>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Careers | CMS" }];
