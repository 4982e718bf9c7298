/**
 * The kit of the CMS tabs that list cards (Content Blocks, Site Settings): the tab with its heading,
 * its "Add …" button that shows and hides the add form, the fetch error or the empty message and
 * the list; and the add form's frame, with its own fetcher, the form's message and Create/Cancel.
 */
import { PlusIcon } from "lucide-react";
import type * as React from "react";
import { useId, useRef, useState } from "react";
import { CsrfInput } from "~/components/cms/kit/csrf-input";
import { useCmsFormFetcher } from "~/components/cms/kit/use-close-on-success";
import { useUnsavedChanges } from "~/components/cms/kit/use-unsaved-changes";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";

export function CardListTab({
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
  /** The add form; `close` hides it again (after Cancel or a successful save). None: a read-only list. */
  renderAddForm?: (close: () => void) => React.ReactNode;
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
        {renderAddForm ? (
          <Button
            type="button"
            onClick={() => setAdding((open) => !open)}
            aria-expanded={adding}
            aria-controls={formId}
          >
            <PlusIcon aria-hidden="true" />
            {addLabel}
          </Button>
        ) : null}
      </div>
      {renderAddForm ? <div id={formId}>{adding ? renderAddForm(() => setAdding(false)) : null}</div> : null}
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

/**
 * The add form of a card list: sends intent "create" with the fields `children` renders (given
 * the form's id prefix and the messages of its last refusal), and closes (`onDone`) once saved.
 */
export function NewCardForm({
  heading,
  createLabel,
  onDone,
  children,
}: {
  heading: string;
  createLabel: string;
  onDone: () => void;
  children: (form: { id: string; errors: Record<string, string> }) => React.ReactNode;
}) {
  const { fetcher, errors, busy } = useCmsFormFetcher(onDone);
  const id = useId();
  // Leaving the page with a half-filled new block or setting asks first.
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef);
  return (
    <fetcher.Form ref={formRef} method="post" noValidate className="grid gap-4 rounded-lg border p-4">
      <h3 className="font-semibold">{heading}</h3>
      <CsrfInput />
      <input type="hidden" name="intent" value="create" />
      {children({ id, errors })}
      <FieldError id={`${id}-form-error`}>{errors.form}</FieldError>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Creating..." : createLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </fetcher.Form>
  );
}
