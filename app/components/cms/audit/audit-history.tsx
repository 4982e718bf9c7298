import { Pagination } from "~/components/cms/kit/pagination";
import { FormAlert } from "~/components/ui/form-field";
import type { AuditEntryView, AuditHistoryView } from "./audit-data";
import { AuditFilters } from "./audit-filters";
import { ScrollBox } from "../kit/scroll-box";

function EntryChanges({ entry }: { entry: AuditEntryView }) {
  if (entry.changes) {
    return (
      <ScrollBox label="Fields changed" className="mt-2">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Fields changed</caption>
          <thead className="border-b text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-4 font-medium">
                Field
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                Before
              </th>
              <th scope="col" className="py-1 font-medium">
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {entry.changes.map((change) => (
              <tr key={change.field} className="border-b align-top last:border-0">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {change.field}
                </th>
                <td className="py-1 pr-4 break-words whitespace-pre-wrap">{change.before}</td>
                <td className="py-1 break-words whitespace-pre-wrap">{change.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    );
  }
  // Entries written before the log kept fields show what they recorded.
  if (entry.recorded.length === 0) return null;
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {entry.recorded.map((item) => (
        <div key={item.label} className="contents">
          <dt className="text-muted-foreground">{item.label}</dt>
          <dd className="min-w-0 wrap-anywhere">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /cms/audit: the log as a history, newest first, each entry a sentence with its changed fields. */
export function AuditHistory({ history }: { history: AuditHistoryView }) {
  return (
    <section aria-labelledby="audit-heading" className="min-w-0 rounded-lg border bg-card p-4 sm:p-6">
      <h2 id="audit-heading" className="text-lg font-semibold">
        Audit log ({history.total})
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Every change made in the CMS: who, what and when (London time), with the fields before and after.
      </p>
      <AuditFilters filters={history.filters} exportHref={history.exportHref} />
      <FormAlert className="mt-4">{history.error}</FormAlert>
      {history.entries.length === 0 && !history.error ? (
        <p className="mt-6 py-8 text-center text-muted-foreground">No changes match these filters.</p>
      ) : (
        <ol className="mt-4 divide-y" aria-label="Changes, newest first">
          {history.entries.map((entry) => (
            <li key={entry.id} className="py-3">
              <p className="font-medium wrap-anywhere">{entry.sentence}</p>
              <p className="text-sm text-muted-foreground">
                <time dateTime={entry.when.iso}>{entry.when.text}</time> · {entry.kind}
              </p>
              <EntryChanges entry={entry} />
            </li>
          ))}
        </ol>
      )}
      <Pagination page={history.page} total={history.total} />
    </section>
  );
}
