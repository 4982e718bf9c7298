import { DataTable } from "~/components/cms/kit/data-table";
import { timeParts } from "~/lib/text/format";

export interface AuditRow {
  id: string;
  createdAt: Date | string;
  userEmail: string;
  action: string;
  entity: string;
  entityId: string | null;
}

/** The audit log: who changed what, and when (the latest `limit` entries, newest first). */
export function RecentChanges({ entries, limit }: { entries: readonly AuditRow[]; limit: number }) {
  return (
    <section className="rounded-lg border bg-card p-6">
      <h2 className="text-lg font-semibold">Recent changes</h2>
      <p className="mt-1 text-sm text-muted-foreground">The latest {limit} changes made in the CMS.</p>
      <DataTable
        label="Recent changes"
        columns={["When", "Who", "What"]}
        lastColumn="Record"
        empty={entries.length === 0}
        emptyMessage="No changes recorded yet."
      >
        {entries.map((entry) => {
          const when = timeParts(entry.createdAt, "dateTime");
          return (
            <tr key={entry.id} className="border-b align-top last:border-0">
              <td className="py-2 pr-4 whitespace-nowrap">
                <time dateTime={when.iso}>{when.text}</time>
              </td>
              <td className="py-2 pr-4">{entry.userEmail}</td>
              <td className="py-2 pr-4 font-mono text-xs">{entry.action}</td>
              <td className="py-2 font-mono text-xs break-all">
                {entry.entity}
                {entry.entityId ? ` ${entry.entityId}` : ""}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
