/**
 * The cards and forms of the CMS Content Blocks tab (routes/cms/blocks.tsx): a block's card with
 * Edit (a dialog with every field and the content data as JSON) and Delete, and the add form.
 */
import { PencilIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { NewCardForm } from "~/components/cms/card-list";
import { ConfirmForm } from "~/components/cms/confirm-form";
import { CsrfInput } from "~/components/cms/csrf-input";
import { SwitchField } from "~/components/cms/switch-field";
import { useCmsFormFetcher } from "~/components/cms/use-close-on-success";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { SelectField, TextareaField, TextField } from "~/components/ui/form-field";
import { FieldError } from "~/components/ui/input";
import { BLOCK_TYPES, type BlockType } from "~/lib/enums";
import { timeParts } from "~/lib/format";
import { BLOCK_DATA_EXAMPLES, blockTypeLabel } from "~/lib/schemas/content-blocks";

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

export function BlockCard({ block }: { block: BlockItem }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const created = timeParts(block.createdAt, "date");
  return (
    <li className="rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">{block.name}</h3>
            <Badge tone="blue">{blockTypeLabel(block.blockType)}</Badge>
            <Badge tone={block.isActive ? "green" : "gray"}>{block.isActive ? "Active" : "Inactive"}</Badge>
          </div>
          {block.description ? <p className="text-sm text-muted-foreground">{block.description}</p> : null}
          <p className="text-xs text-muted-foreground">
            Created <time dateTime={created.iso}>{created.text}</time>
          </p>
        </div>
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
      </div>
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent
          className="max-w-2xl"
          onCloseAutoFocus={(event) => {
            // Back to the block's Edit button, also when a save closed the dialog.
            event.preventDefault();
            editButton.current?.focus();
          }}
        >
          <DialogTitle>Edit content block</DialogTitle>
          <DialogDescription>Change the block&apos;s details and its content data (JSON).</DialogDescription>
          {editing ? <EditBlockForm block={block} onDone={() => setEditing(false)} /> : null}
        </DialogContent>
      </Dialog>
    </li>
  );
}

/** The fields a new block and an edited one share; `block` fills them in for editing. */
function BlockFields({
  id,
  errors,
  block,
  descriptionRows,
}: {
  id: string;
  errors: Record<string, string>;
  block?: BlockItem;
  descriptionRows: number;
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

function initialJson(block: BlockItem): string {
  const value =
    Object.keys(block.contentData).length > 0 ? block.contentData : BLOCK_DATA_EXAMPLES[block.blockType as BlockType];
  return JSON.stringify(value ?? {}, null, 2);
}

function EditBlockForm({ block, onDone }: { block: BlockItem; onDone: () => void }) {
  const { fetcher, errors, busy } = useCmsFormFetcher(onDone);
  const id = useId();
  return (
    <fetcher.Form method="post" noValidate className="grid gap-4">
      <CsrfInput />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={block.id} />
      <BlockFields id={id} errors={errors} block={block} descriptionRows={2} />
      <SwitchField id={`${id}-active`} name="isActive" label="Active" defaultChecked={block.isActive} />
      <TextareaField
        id={`${id}-data`}
        label="Content data (JSON)"
        error={errors.contentData}
        hint="A JSON object whose keys fit the block type, e.g. a testimonial has quote and author, and optionally role and company."
        name="contentData"
        rows={10}
        spellCheck={false}
        className="font-mono text-xs"
        defaultValue={initialJson(block)}
      />
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
