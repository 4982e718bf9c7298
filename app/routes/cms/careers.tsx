/**
 * The CMS Careers tab (/cms/careers; SPEC.md sections 2, 3 and 5): every job opening, newest first,
 * with delete; adding and editing open the editor (/cms/careers/new, /cms/careers/{id}; decision
 * 017). The action lives in careers.server.ts.
 */
import { PencilIcon, PlusIcon } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { useCan } from "~/components/cms/layout/cms-layout-data";
import { ConfirmForm } from "~/components/cms/kit/confirm-form";
import { DataTable } from "~/components/cms/kit/data-table";
import { ListSearch } from "~/components/cms/kit/list-search";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { requirePermission } from "~/server/auth/guards.server";
import type { Route } from "./+types/careers";
import { careersAction, careersView } from "./careers.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "careers.view");
  return careersView(request);
}

export function action({ request }: Route.ActionArgs) {
  return careersAction(request);
}

export default function CareersTab() {
  const { careers, error, query } = useLoaderData<typeof loader>();
  // Support reads the openings without the forms (app/lib/auth/permissions.ts).
  const canEdit = useCan("careers.edit");
  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby="careers-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="careers-heading" className="text-lg font-semibold">
          Careers Management
        </h2>
        {canEdit ? (
          <Button asChild>
            <Link to="/cms/careers/new">
              <PlusIcon aria-hidden="true" />
              Add New Career
            </Link>
          </Button>
        ) : null}
      </div>
      <ListSearch id="careers" label="Search title, department or description" query={query} />
      <DataTable
        label="Job openings"
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
              {career.draft ? <span className="ml-2 text-xs text-muted-foreground">Unpublished changes</span> : null}
            </td>
            <td className="py-3">
              {canEdit ? (
                <div className="flex justify-end gap-2">
                  <Button asChild variant="outline" size="sm">
                    <Link to={`/cms/careers/${career.id}`} aria-label={`Edit ${career.title}`}>
                      <PencilIcon aria-hidden="true" />
                    </Link>
                  </Button>
                  <ConfirmForm
                    fields={{ intent: "delete", id: career.id }}
                    question="Are you sure you want to delete this career?"
                    buttonLabel={`Delete ${career.title}`}
                  />
                </div>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Careers | CMS" }];
