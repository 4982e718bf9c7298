/**
 * What the editor had typed when they chose "Use their version" in the edit-collision dialog
 * (edit-conflict-dialog.tsx): kept in this tab's session storage, shown above the reloaded form
 * with each differing field in a read-only box to copy from, until dismissed. Session storage,
 * not local: it is a copy for the moment, gone with the tab, never left on a shared computer.
 */
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useHydrated } from "~/components/cms/kit/use-hydrated";
import { Button } from "~/components/ui/button";
import type { EditConflictView } from "~/lib/cms/edit-conflict";

const STORAGE_PREFIX = "cms-kept-copy:";

interface KeptCopy {
  from: string;
  fields: { field: string; label: string; value: string }[];
  /** Not shown yet: the reloaded form moves focus to it once. */
  fresh: boolean;
}

function read(copyKey: string): KeptCopy | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(STORAGE_PREFIX + copyKey) ?? "null") as KeptCopy | null;
    return kept && Array.isArray(kept.fields) ? kept : null;
  } catch {
    return null;
  }
}

function write(copyKey: string, copy: KeptCopy | null): void {
  try {
    if (copy) sessionStorage.setItem(STORAGE_PREFIX + copyKey, JSON.stringify(copy));
    else sessionStorage.removeItem(STORAGE_PREFIX + copyKey);
  } catch {
    // Storage refused (private mode, full): the dialog's own copy of the differences was shown.
  }
}

/** Forgets every kept copy in this tab (on sign-out: the next person at this computer must not see it). */
export function forgetKeptCopies(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(STORAGE_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept.
  }
}

/** Keeps the form's values of the fields that differ from their version, before theirs is loaded. */
export function keepCopy(copyKey: string, form: HTMLFormElement, conflict: EditConflictView): void {
  const values = new FormData(form);
  const fields = conflict.fields.map(({ field, label }) => ({ field, label, value: String(values.get(field) ?? "") }));
  write(copyKey, { from: conflict.savedBy ?? "someone else", fields, fresh: true });
}

export function EditConflictKeptCopy({ copyKey }: { copyKey: string }) {
  // Read after hydration only: the server cannot see this tab's storage.
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  const copy = useMemo(() => (hydrated && !dismissed ? read(copyKey) : null), [hydrated, dismissed, copyKey]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  // Just kept (the editor chose their version): focus moves here, once, to say where the text went.
  useEffect(() => {
    if (!copy?.fresh) return;
    write(copyKey, { ...copy, fresh: false });
    headingRef.current?.focus();
  }, [copy, copyKey]);

  if (!copy) return null;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid gap-3 rounded-md border border-amber-500/60 bg-amber-50 p-4 text-sm text-amber-950 lg:col-span-3 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <h3 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="font-semibold">
        Your version, kept aside
      </h3>
      <p>
        The editor shows the version <span className="break-all">{copy.from}</span> saved. What you had typed is here to
        copy from, until you dismiss it.
      </p>
      {copy.fields.map((field) => (
        <label key={field.field} className="grid gap-1">
          <span className="font-medium">Your {field.label}</span>
          <textarea
            // No name: the kept copy is never posted with the form.
            readOnly
            value={field.value}
            rows={field.field === "content" ? 6 : 2}
            className="rounded-md border bg-background p-2 font-mono text-foreground"
          />
        </label>
      ))}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            write(copyKey, null);
            setDismissed(true);
          }}
        >
          Dismiss your kept version
        </Button>
      </div>
    </section>
  );
}
