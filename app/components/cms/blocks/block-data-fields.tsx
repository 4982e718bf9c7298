/**
 * The content fields of one block type, as a form (no raw JSON): text, textareas, links,
 * choices, buttons (label and address) and lists of items with add, remove, move up and move down.
 * Which fields a type has is lib/blocks/block-fields.ts; the server checks the same names with the
 * type's schema and answers each message on its field.
 */
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, XIcon } from "lucide-react";
import { useRef, useState } from "react";
import { FORM_CHANGED_EVENT } from "~/components/cms/editor/local-draft/use-local-draft";
import { Button } from "~/components/ui/button";
import { SelectField, TextareaField, TextField } from "~/components/ui/form-field";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { BLOCK_FIELDS, fieldName, type BlockField } from "~/lib/blocks/block-fields";
import type { BlockType } from "~/lib/enums";

type Data = Record<string, unknown>;

const textOf = (value: unknown): string =>
  typeof value === "string" || typeof value === "number" ? String(value) : "";

export function BlockDataFields({
  idPrefix,
  blockType,
  data,
  errors,
}: {
  idPrefix: string;
  blockType: BlockType;
  data: Data;
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="grid gap-4 rounded-md border p-4">
      <legend className="px-1 text-sm font-semibold">Content</legend>
      {BLOCK_FIELDS[blockType].map((field) => (
        <DataField key={field.key} idPrefix={idPrefix} field={field} value={data[field.key]} errors={errors} />
      ))}
    </fieldset>
  );
}

function DataField({
  idPrefix,
  field,
  value,
  errors,
}: {
  idPrefix: string;
  field: BlockField;
  value: unknown;
  errors: Record<string, string>;
}) {
  const name = fieldName(field.key);
  const id = `${idPrefix}-${field.key}`;
  const label = "required" in field && field.required ? `${field.label} (required)` : field.label;
  switch (field.kind) {
    case "text":
    case "link":
      return (
        <TextField
          id={id}
          name={name}
          label={label}
          hint={field.hint}
          error={errors[name]}
          defaultValue={textOf(value)}
          inputMode={field.kind === "link" ? "url" : undefined}
          spellCheck={field.kind === "link" ? false : undefined}
        />
      );
    case "textarea":
      return (
        <TextareaField
          id={id}
          name={name}
          label={label}
          hint={field.hint}
          error={errors[name]}
          rows={3}
          defaultValue={textOf(value)}
        />
      );
    case "choice":
      return (
        <SelectField
          id={id}
          name={name}
          label={field.label}
          hint={field.hint}
          error={errors[name]}
          options={field.options}
          defaultValue={textOf(value)}
        >
          <option value="">None</option>
        </SelectField>
      );
    case "button": {
      const button = typeof value === "object" && value !== null ? (value as Data) : {};
      const labelName = fieldName(field.key, "label");
      const urlName = fieldName(field.key, "url");
      return (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">{field.label}</legend>
          <TextField
            id={`${id}-label`}
            name={labelName}
            label={`${field.label} label`}
            error={errors[labelName]}
            defaultValue={textOf(button.label)}
          />
          <TextField
            id={`${id}-url`}
            name={urlName}
            label={`${field.label} URL`}
            hint={field.hint}
            error={errors[urlName]}
            defaultValue={textOf(button.url)}
            inputMode="url"
            spellCheck={false}
          />
        </fieldset>
      );
    }
    case "list":
      return (
        <ListField
          id={id}
          name={name}
          label={field.label}
          itemLabel={field.itemLabel}
          error={errors[name]}
          initial={Array.isArray(value) ? value.map(textOf) : []}
        />
      );
  }
}

/**
 * A list of short texts (a service card's features): each item an input, with Move up, Move down
 * and Remove; Add puts an empty item at the end and focuses it. Items keep a stable key so typing
 * survives a move.
 */
function ListField({
  id,
  name,
  label,
  itemLabel,
  error,
  initial,
}: {
  id: string;
  name: string;
  label: string;
  itemLabel: string;
  error?: string;
  initial: string[];
}) {
  // Each item keeps its key through moves, so React moves its input (and what is typed in it).
  const [state, setState] = useState(() => ({
    next: initial.length,
    items: initial.map((value, key) => ({ key, value })),
  }));
  const { items } = state;
  const setItems = (change: (current: typeof items) => typeof items) =>
    setState((current) => ({ ...current, items: change(current.items) }));
  const list = useRef<HTMLOListElement>(null);
  // Adding, removing or moving an item types nothing: the unsaved-changes guard hears this instead.
  const changed = () => list.current?.dispatchEvent(new Event(FORM_CHANGED_EVENT, { bubbles: true }));
  const focusItem = (index: number) =>
    requestAnimationFrame(() => list.current?.querySelectorAll("input")[index]?.focus());

  const move = (index: number, by: -1 | 1) => {
    setItems((current) => {
      const copy = [...current];
      const [item] = copy.splice(index, 1);
      copy.splice(index + by, 0, item!);
      return copy;
    });
    changed();
  };
  const remove = (index: number) => {
    setItems((current) => current.filter((_, position) => position !== index));
    changed();
    focusItem(Math.max(0, index - 1));
  };
  const add = () => {
    setState((current) => ({ next: current.next + 1, items: [...current.items, { key: current.next, value: "" }] }));
    changed();
    focusItem(items.length);
  };
  const update = (index: number, value: string) =>
    setItems((current) => current.map((item, position) => (position === index ? { ...item, value } : item)));

  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      {items.length === 0 ? <p className="text-sm text-muted-foreground">No {label.toLowerCase()} yet.</p> : null}
      <ol ref={list} className="grid gap-2">
        {items.map((item, index) => {
          const itemId = `${id}-${item.key}`;
          const itemName = `${itemLabel} ${index + 1}`;
          return (
            <li key={item.key} className="flex flex-wrap items-center gap-2">
              <Label htmlFor={itemId} className="sr-only">
                {itemName}
              </Label>
              <Input
                id={itemId}
                name={name}
                value={item.value}
                onChange={(event) => update(index, event.target.value)}
                aria-invalid={error ? true : undefined}
                className="min-w-0 flex-1 basis-48"
              />
              <div className="flex gap-1">
                <Button
                  type="button"
                  size="icon"
                  variant="outline"
                  aria-label={`Move ${itemName} up`}
                  disabled={index === 0}
                  onClick={() => {
                    move(index, -1);
                    focusItem(index - 1);
                  }}
                >
                  <ArrowUpIcon aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="outline"
                  aria-label={`Move ${itemName} down`}
                  disabled={index === items.length - 1}
                  onClick={() => {
                    move(index, 1);
                    focusItem(index + 1);
                  }}
                >
                  <ArrowDownIcon aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="outline"
                  aria-label={`Remove ${itemName}`}
                  onClick={() => remove(index)}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={add}>
        <PlusIcon aria-hidden="true" />
        Add {itemLabel.toLowerCase()}
      </Button>
    </fieldset>
  );
}
