import { PlusIcon } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";

/**
 * A CMS tab that lists cards and adds new ones: its heading, the "Add …" button that shows and
 * hides the add form, the fetch error or the empty message, and the list itself.
 */
export function TabPanel({
  title,
  addLabel,
  renderAddForm,
  error,
  count,
  emptyMessage,
  listLabel,
  children,
}: {
  title: string;
  addLabel: string;
  /** The add form; `close` hides it again (after Cancel or a successful save). */
  renderAddForm: (close: () => void) => React.ReactNode;
  error: string | null;
  count: number;
  emptyMessage: string;
  listLabel: string;
  /** The list's items, one <li> each. */
  children: React.ReactNode;
}) {
  const [adding, setAdding] = useState(false);
  const formId = useId();
  return (
    <section className="grid gap-6 rounded-lg border bg-card p-6" aria-labelledby={`${formId}-heading`}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={`${formId}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        <Button type="button" onClick={() => setAdding((open) => !open)} aria-expanded={adding} aria-controls={formId}>
          <PlusIcon aria-hidden="true" />
          {addLabel}
        </Button>
      </div>
      <div id={formId}>{adding ? renderAddForm(() => setAdding(false)) : null}</div>
      {error ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-4 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {!error && count === 0 ? <p className="text-sm text-muted-foreground">{emptyMessage}</p> : null}
      {count > 0 ? (
        <ul className="grid gap-4" aria-label={listLabel}>
          {children}
        </ul>
      ) : null}
    </section>
  );
}
