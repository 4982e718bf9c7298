/**
 * The cards and forms of the CMS Content Blocks tab (routes/cms/blocks.tsx): a block's card with
 * its place in its type's order (a drag handle, Move up, Move down), Edit (a dialog with the
 * block's fields and its type's content form) and Delete, and the add form.
 */
import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon, PencilIcon } from "lucide-react";
import { useId, useRef, useState, type ComponentProps } from "react";
import { BlockDataFields } from "~/components/cms/blocks/block-data-fields";
import { NewCardForm } from "~/components/cms/kit/card-list";
import { ConfirmForm } from "~/components/cms/kit/confirm-form";
import { CsrfInput } from "~/components/cms/kit/csrf-input";
import { SwitchField } from "~/components/cms/kit/switch-field";
import { useCmsFormFetcher } from "~/components/cms/kit/use-close-on-success";
import { useUnsavedChanges } from "~/components/cms/kit/use-unsaved-changes";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { SelectField, TextareaField, TextField } from "~/components/ui/form-field";
import { FieldError } from "~/components/ui/field-error";
import { blockTypeLabel } from "~/lib/blocks/block-data";
import { BLOCK_TYPES, type BlockType } from "~/lib/enums";
import { timeParts } from "~/lib/text/format";

/** A block as its card and its edit form show it. */
export interface BlockItem {
  id: string;
  name: string;
  blockType: string;
  description: string | null;
  contentData: Record<string, unknown>;
  isActive: boolean;
  createdAt: Date | string;
}

/** The card's place in its list, and how it moves: Move up/down, and the drag handle's props. */
export interface BlockOrderControls {
  position: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  handle: ComponentProps<"button">;
  busy: boolean;
}

/** One block's card; without `order` (a role that may only read the blocks) it has no controls. */
export function BlockCard({ block, order }: { block: BlockItem; order?: BlockOrderControls }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const created = timeParts(block.createdAt, "date");
  return (
    <div className="flex gap-3">
      {order ? (
        <div className="flex flex-col items-center gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="cursor-grab touch-none active:cursor-grabbing"
            aria-label={`Drag ${block.name}`}
            {...order.handle}
          >
            <GripVerticalIcon aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`Move ${block.name} up`}
            disabled={order.position === 0 || order.busy}
            onClick={() => order.onMove(-1)}
          >
            <ArrowUpIcon aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`Move ${block.name} down`}
            disabled={order.position === order.count - 1 || order.busy}
            onClick={() => order.onMove(1)}
          >
            <ArrowDownIcon aria-hidden="true" />
          </Button>
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold break-words">{block.name}</h3>
            <Badge tone="blue">{blockTypeLabel(block.blockType)}</Badge>
            <Badge tone={block.isActive ? "green" : "gray"}>{block.isActive ? "Active" : "Inactive"}</Badge>
          </div>
          {block.description ? <p className="text-sm text-muted-foreground">{block.description}</p> : null}
          <p className="text-xs text-muted-foreground">
            Created <time dateTime={created.iso}>{created.text}</time>
          </p>
        </div>
        {order ? (
          <div className="flex items-center gap-2">
            <Button
              ref={editButton}
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Edit ${block.name}`}
              onClick={() => setEditing(true)}
            >
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
            <ConfirmForm
              fields={{ intent: "delete", id: block.id }}
              question="Are you sure you want to delete this content block?"
              buttonLabel={`Delete ${block.name}`}
            />
          </div>
        ) : null}
      </div>
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent
          className="max-h-[90dvh] max-w-2xl overflow-y-auto"
          onCloseAutoFocus={(event) => {
            // Back to the block's Edit button, also when a save closed the dialog.
            event.preventDefault();
            editButton.current?.focus();
          }}
        >
          <DialogTitle>Edit content block</DialogTitle>
          <DialogDescription>Change the block&apos;s details and its content.</DialogDescription>
          {editing ? <EditBlockForm block={block} onDone={() => setEditing(false)} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** The fields a new block and an edited one share; `block` fills them in for editing. */
function BlockFields({
  id,
  errors,
  block,
  descriptionRows,
  onTypeChange,
}: {
  id: string;
  errors: Record<string, string>;
  block?: BlockItem;
  descriptionRows: number;
  onTypeChange?: (type: BlockType) => void;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          label="Block Name"
          error={errors.name}
          name="name"
          defaultValue={block?.name}
          required
        />
        <SelectField
          id={`${id}-type`}
          label="Block Type"
          name="blockType"
          defaultValue={block?.blockType ?? "testimonial"}
          options={BLOCK_TYPES}
          optionLabel={blockTypeLabel}
          onChange={(event) => onTypeChange?.(event.target.value as BlockType)}
        />
      </div>
      <TextareaField
        id={`${id}-description`}
        label="Description"
        error={errors.description}
        name="description"
        rows={descriptionRows}
        defaultValue={block ? (block.description ?? "") : undefined}
      />
    </>
  );
}

export function NewBlockForm({ onDone }: { onDone: () => void }) {
  return (
    <NewCardForm heading="New content block" createLabel="Create Block" onDone={onDone}>
      {({ id, errors }) => <BlockFields id={id} errors={errors} descriptionRows={3} />}
    </NewCardForm>
  );
}

function EditBlockForm({ block, onDone }: { block: BlockItem; onDone: () => void }) {
  const { fetcher, errors, busy } = useCmsFormFetcher(onDone);
  const id = useId();
  // Leaving the page (Back, a reload, closing the tab) with unsaved changes asks first.
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef, block);
  const [blockType, setBlockType] = useState(block.blockType as BlockType);
  // Another type's form starts empty: its fields are not this block's.
  const data = blockType === block.blockType ? block.contentData : {};
  return (
    <fetcher.Form ref={formRef} method="post" noValidate className="grid gap-4">
      <CsrfInput />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={block.id} />
      <BlockFields id={id} errors={errors} block={block} descriptionRows={2} onTypeChange={setBlockType} />
      <SwitchField id={`${id}-active`} name="isActive" label="Active" defaultChecked={block.isActive} />
      <BlockDataFields key={blockType} idPrefix={`${id}-data`} blockType={blockType} data={data} errors={errors} />
      <details className="rounded-md border p-3 text-sm">
        <summary className="cursor-pointer font-medium">Stored data (JSON, read-only)</summary>
        <pre className="mt-2 overflow-x-auto text-xs whitespace-pre-wrap">
          {JSON.stringify(block.contentData, null, 2)}
        </pre>
      </details>
      <FieldError id={`${id}-form-error`}>{errors.form}</FieldError>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
