import { useEffect, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { AlertDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { ConfirmDialogContent } from "./confirm-form";
import { CsrfInput } from "./csrf-input";

/**
 * The rows a list has selected for a bulk action. Only ids on the current page count:
 * when the page changes (a filter, the next page, an action that removed rows), the selection
 * keeps the ids still shown.
 */
export function useRowSelection(pageIds: readonly string[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // What was chosen and is still on the page: rows that left (deleted, filtered out) drop out.
  const selected = new Set(pageIds.filter((id) => chosen.has(id)));
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return {
    selected,
    allSelected,
    someSelected: selected.size > 0 && !allSelected,
    toggle: (id: string, on: boolean) =>
      setChosen((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    toggleAll: (on: boolean) => setChosen(on ? new Set(pageIds) : new Set()),
    clear: () => setChosen(new Set()),
  };
}

type RowSelection = ReturnType<typeof useRowSelection>;

/** The list's header checkbox: it selects every row on the page, or clears them all. */
export function SelectAllCheckbox({ selection }: { selection: RowSelection }) {
  return (
    <SelectCheckbox
      label="Select all on this page"
      checked={selection.allSelected}
      indeterminate={selection.someSelected}
      onChange={selection.toggleAll}
    />
  );
}

/**
 * A row's first cell: its checkbox, which belongs to the bulk bar's form (`formId`) and sends the
 * row's id among the `ids`.
 */
export function SelectRowCell({
  formId,
  id,
  label,
  checked,
  onChange,
}: {
  formId: string;
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <td className="py-3 pr-2">
      <SelectCheckbox label={label} checked={checked} onChange={onChange} form={formId} name="ids" value={id} />
    </td>
  );
}

/** A native checkbox (keyboard and screen readers know it) that can show "some selected". */
function SelectCheckbox({
  label,
  checked,
  indeterminate = false,
  onChange,
  form,
  name,
  value,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
  form?: string;
  name?: string;
  value?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="size-4 accent-primary"
      aria-label={label}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      form={form}
      name={name}
      value={value}
    />
  );
}

export interface BulkAction {
  value: string;
  label: string;
  /** Asks first (a delete): the question of the confirmation dialog. */
  confirm?: { question: string; description: string; confirmLabel: string };
}

/**
 * The bar over a list with rows selected: how many (announced politely), and one button per
 * action. The row checkboxes belong to this form through their `form` attribute, so the rows'
 * own forms (delete, restore) are not nested in it.
 */
export function BulkActionBar({
  formId,
  actions,
  selection,
}: {
  formId: string;
  actions: readonly BulkAction[];
  selection: RowSelection;
}) {
  const count = selection.selected.size;
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const run = (action: BulkAction) => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    data.set("bulkAction", action.value);
    void submit(data, { method: "post" });
    selection.clear();
  };
  return (
    <Form
      ref={formRef}
      id={formId}
      method="post"
      aria-label="Bulk actions"
      className="mt-4 flex min-h-12 flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2"
      onSubmit={(event) => event.preventDefault()}
    >
      <CsrfInput />
      <input type="hidden" name="intent" value="bulk" />
      <p className="mr-auto text-sm font-medium" role="status" aria-live="polite">
        {count === 0 ? "Select rows for bulk actions" : `${count} selected`}
      </p>
      {actions.map((action) => (
        <Button
          key={action.value}
          type="button"
          size="sm"
          variant={action.confirm ? "outline" : "secondary"}
          disabled={count === 0}
          onClick={() => (action.confirm ? setConfirming(action) : run(action))}
        >
          {action.label}
        </Button>
      ))}
      <AlertDialog open={confirming !== null} onOpenChange={(open) => (open ? undefined : setConfirming(null))}>
        {confirming?.confirm ? (
          <ConfirmDialogContent
            question={confirming.confirm.question}
            description={confirming.confirm.description}
            confirmLabel={confirming.confirm.confirmLabel}
            onConfirm={() => run(confirming)}
          />
        ) : null}
      </AlertDialog>
    </Form>
  );
}
