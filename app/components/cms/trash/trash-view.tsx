import { RotateCcwIcon } from "lucide-react";
import { Form } from "react-router";
import { CsrfInput } from "~/components/cms/kit/csrf-input";
import { DataTable } from "~/components/cms/kit/data-table";
import { Button } from "~/components/ui/button";
import { timeParts } from "~/lib/text/format";
import { purgeDate, TRASH_MESSAGES, TRASH_RETENTION_DAYS } from "~/lib/cms/trash";
import type { TrashRow } from "~/routes/cms/trash.server";
import { EDIT_PERMISSION_OF_KIND } from "~/lib/content-kinds/kinds";
import { useCmsLayoutData } from "../layout/cms-layout-data";

/** The Trash view's list: what was deleted, when, when it goes for good, and Restore. */
export function TrashTable({ items, error }: { items: readonly TrashRow[]; error: string | null }) {
  const permissions = useCmsLayoutData()?.user?.permissions ?? [];
  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby="trash-heading">
      <h2 id="trash-heading" className="text-lg font-semibold">
        Trash ({items.length})
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Deleted content, job openings and courses stay here for {TRASH_RETENTION_DAYS} days, then are deleted for good.{" "}
        {TRASH_MESSAGES.slugKept}
      </p>
      <DataTable
        label="Trash"
        columns={["Title", "Kind", "Deleted", "Deleted for good"]}
        error={error}
        empty={items.length === 0}
        emptyMessage="The trash is empty."
      >
        {items.map((item) => {
          const deleted = timeParts(item.deletedAt, "dateTime");
          const purge = timeParts(purgeDate(item.deletedAt), "date");
          return (
            <tr key={`${item.kind}-${item.id}`} className="border-b align-middle last:border-0">
              <td className="py-3 pr-4 font-medium">{item.title}</td>
              <td className="py-3 pr-4">{item.what}</td>
              <td className="py-3 pr-4 whitespace-nowrap">
                <time dateTime={deleted.iso}>{deleted.text}</time>
              </td>
              <td className="py-3 pr-4 whitespace-nowrap">
                <time dateTime={purge.iso}>{purge.text}</time>
              </td>
              <td className="py-3">
                {/* Each kind is restored by its own permission (support only reads the trash). */}
                {permissions.includes(EDIT_PERMISSION_OF_KIND[item.kind]) ? (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="kind" value={item.kind} />
                    <input type="hidden" name="ids" value={item.id} />
                    <Button type="submit" variant="outline" size="sm" aria-label={`Restore ${item.title}`}>
                      <RotateCcwIcon aria-hidden="true" />
                      Restore
                    </Button>
                  </Form>
                ) : null}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
