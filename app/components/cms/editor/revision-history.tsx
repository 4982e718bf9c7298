import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { DiffPart } from "~/lib/cms/revision-diff";
import type { RevisionComparison, RevisionView } from "~/routes/cms/content-history.server";
import { CsrfInput } from "../kit/csrf-input";

/**
 * The editor's History panel: the revisions (who, when, what action), a comparison of
 * any two side by side (chosen with a GET form, so it works without JavaScript), and Restore.
 */
export function RevisionHistory({
  revisions,
  comparison,
}: {
  revisions: RevisionView[];
  comparison: RevisionComparison | null;
}) {
  const headingId = "revision-history-heading";
  return (
    <section className="mt-6 rounded-lg border bg-card p-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        History ({revisions.length})
      </h2>
      {revisions.length === 0 ? (
        <p className="mt-2 text-muted-foreground">No revisions yet.</p>
      ) : (
        <>
          <ol className="mt-4 grid gap-2" aria-label="Revisions, newest first">
            {revisions.map((revision) => (
              <li key={revision.id} className="flex flex-wrap items-center justify-between gap-2 border-b pb-2">
                <p className="text-sm">
                  <strong>{revision.action}</strong> · <time dateTime={revision.at}>{revision.atLabel}</time> ·{" "}
                  <span className="break-all">{revision.by}</span>
                </p>
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="revisionId" value={revision.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    aria-label={`Restore the revision of ${revision.atLabel}`}
                  >
                    Restore
                  </Button>
                </Form>
              </li>
            ))}
          </ol>
          {revisions.length > 1 ? <CompareForm revisions={revisions} comparison={comparison} /> : null}
        </>
      )}
      {comparison ? <Comparison comparison={comparison} /> : null}
    </section>
  );
}

function CompareForm({ revisions, comparison }: { revisions: RevisionView[]; comparison: RevisionComparison | null }) {
  const option = (revision: RevisionView) => (
    <option key={revision.id} value={revision.id}>
      {revision.atLabel}: {revision.action} by {revision.by}
    </option>
  );
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" preventScrollReset>
      <label className="grid gap-1 text-sm">
        Compare
        <select
          name="from"
          defaultValue={comparison?.from.id ?? revisions[1]?.id}
          className="rounded-md border bg-background p-2"
        >
          {revisions.map(option)}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        with
        <select
          name="to"
          defaultValue={comparison?.to.id ?? revisions[0]?.id}
          className="rounded-md border bg-background p-2"
        >
          {revisions.map(option)}
        </select>
      </label>
      <Button type="submit" variant="outline">
        Compare
      </Button>
    </Form>
  );
}

/**
 * Removed words struck through, added ones underlined, each also named for screen readers (the
 * edit-collision dialog names them as theirs and yours).
 */
export function DiffParts({
  parts,
  side,
  labels = { removed: "removed: ", added: "added: " },
}: {
  parts: DiffPart[];
  side: "before" | "after";
  labels?: { removed: string; added: string };
}) {
  return (
    <>
      {parts.map((part, index) => {
        if (part.change === "same") return <span key={index}>{part.value}</span>;
        if (part.change === "removed" && side === "before") {
          return (
            <del key={index} className="bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100">
              <span className="sr-only">{labels.removed}</span>
              {part.value}
            </del>
          );
        }
        if (part.change === "added" && side === "after") {
          return (
            <ins key={index} className="bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100">
              <span className="sr-only">{labels.added}</span>
              {part.value}
            </ins>
          );
        }
        return null;
      })}
    </>
  );
}

function Comparison({ comparison }: { comparison: RevisionComparison }) {
  const changed = comparison.fields.filter((field) => field.changed);
  return (
    <div className="mt-6" data-testid="revision-comparison">
      <h3 className="font-semibold">
        Changes from {comparison.from.atLabel} to {comparison.to.atLabel}
      </h3>
      {changed.length === 0 ? <p className="mt-2 text-muted-foreground">These revisions are the same.</p> : null}
      {changed.map((field) => (
        <div key={field.field} className="mt-4">
          <h4 className="text-sm font-semibold">{field.label}</h4>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            <div className="rounded-md border p-2 text-sm break-words whitespace-pre-wrap">
              <p className="mb-1 text-xs text-muted-foreground">Before</p>
              <DiffParts parts={field.parts} side="before" />
            </div>
            <div className="rounded-md border p-2 text-sm break-words whitespace-pre-wrap">
              <p className="mb-1 text-xs text-muted-foreground">After</p>
              <DiffParts parts={field.parts} side="after" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
