import { PencilIcon, Trash2Icon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { data, useFetcher, useLoaderData } from "react-router";
import { ConfirmForm } from "~/components/cms/confirm-form";
import { CsrfInput } from "~/components/cms/csrf-input";
import { TabPanel } from "~/components/cms/tab-panel";
import { useCloseOnSuccess } from "~/components/cms/use-close-on-success";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { SelectField, TextareaField, TextField } from "~/components/ui/form-field";
import { FieldError, Label } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { BLOCK_TYPES, type BlockType } from "~/lib/enums";
import { fieldErrors } from "~/lib/schemas/auth";
import {
  BLOCK_DATA_EXAMPLES,
  blockIdSchema,
  blockTypeLabel,
  editBlockSchema,
  newBlockSchema,
} from "~/lib/schemas/content-blocks";
import { recordAudit } from "~/server/platform/audit.server";
import { requireAdmin, requireAdminForm } from "~/server/auth/guards.server";
import {
  createContentBlock,
  deleteContentBlock,
  listContentBlocks,
  updateContentBlock,
} from "~/server/content/content-blocks.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { dataWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/blocks";
import { ExpectedError } from "~/server/platform/errors.server";

export const meta: Route.MetaFunction = () => [{ title: "Content Blocks | CMS" }];

const FETCH_ERROR = "Failed to fetch content blocks.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    const blocks = await listContentBlocks(await getDb(), { includeInactive: true });
    return { blocks, error: null };
  } catch (error) {
    // SPEC.md section 8: a fetch failure empties the list and keeps the error message.
    logger.error({ err: error }, "could not load content blocks");
    return { blocks: [], error: FETCH_ERROR };
  }
}

type ActionResult = { ok: boolean; intent: string; errors?: Record<string, string> };

const MESSAGES = {
  create: {
    failed: "Failed to create content block.",
    done: { title: "Block created", description: "Content block has been created successfully." },
  },
  update: {
    failed: "Failed to update content block.",
    done: { title: "Block updated", description: "Content block has been updated successfully." },
  },
  delete: {
    failed: "Failed to delete content block.",
    done: { title: "Block deleted", description: "Content block has been deleted successfully." },
  },
} as const;

export async function action({ request }: Route.ActionArgs) {
  const { current, form } = await requireAdminForm(request);
  const actor = current.user;
  const values = Object.fromEntries(form);
  const intent = String(form.get("intent") ?? "");
  if (intent !== "create" && intent !== "update" && intent !== "delete") {
    return data<ActionResult>({ ok: false, intent, errors: { form: "Unknown action." } }, { status: 400 });
  }
  const messages = MESSAGES[intent];
  // A refused change answers 200 with ok: false: React Router does not revalidate the loaders after
  // an action's 4xx/5xx, and the root loader is what shows the error toast.
  const failed = (errors: Record<string, string>) =>
    dataWithToast<ActionResult>({ ok: false, intent, errors }, { type: "error", description: messages.failed });

  try {
    const db = await getDb();
    switch (intent) {
      case "create": {
        const parsed = newBlockSchema.safeParse(values);
        if (!parsed.success) return failed(fieldErrors(parsed.error));
        const block = await createContentBlock(db, parsed.data);
        await recordAudit(db, actor, "content_block.create", "content_blocks", block.id, {
          name: block.name,
          blockType: block.blockType,
        });
        break;
      }
      case "update": {
        const parsed = editBlockSchema.safeParse(values);
        if (!parsed.success) return failed(fieldErrors(parsed.error));
        const { id, ...changes } = parsed.data;
        const block = await updateContentBlock(db, id, changes);
        await recordAudit(db, actor, "content_block.update", "content_blocks", block.id, {
          name: block.name,
          blockType: block.blockType,
          isActive: block.isActive,
          contentData: block.contentData,
        });
        break;
      }
      case "delete": {
        const parsed = blockIdSchema.safeParse(values);
        if (!parsed.success) return failed({ form: "Content block not found." });
        const block = await deleteContentBlock(db, parsed.data.id);
        await recordAudit(db, actor, "content_block.delete", "content_blocks", block.id, {
          name: block.name,
          blockType: block.blockType,
        });
        break;
      }
    }
  } catch (error) {
    if (error instanceof ExpectedError) return failed({ form: error.message });
    logger.error({ err: error, intent }, "content block change failed");
    return failed({ form: messages.failed });
  }
  return dataWithToast<ActionResult>({ ok: true, intent }, { type: "success", ...messages.done });
}

type BlockRow = Awaited<ReturnType<typeof loader>>["blocks"][number];

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Europe/London" });

export default function ContentBlocksTab() {
  const { blocks, error } = useLoaderData<typeof loader>();
  return (
    <TabPanel
      title="Content Blocks"
      addLabel="Add Block"
      renderAddForm={(close) => <NewBlockForm onDone={close} />}
      error={error}
      count={blocks.length}
      emptyMessage="No content blocks yet. Add your first block."
      listLabel="Content blocks"
    >
      {blocks.map((block) => (
        <BlockCard key={block.id} block={block} />
      ))}
    </TabPanel>
  );
}

function BlockCard({ block }: { block: BlockRow }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
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
            Created <time dateTime={new Date(block.createdAt).toISOString()}>{dateFormat.format(block.createdAt)}</time>
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
          >
            <Trash2Icon aria-hidden="true" />
          </ConfirmForm>
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
  block?: BlockRow;
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

/** This form's fetcher, the field errors of its last refused submission, and whether it is busy. */
function useBlockFetcher(onDone: () => void) {
  const fetcher = useFetcher<typeof action>();
  useCloseOnSuccess(fetcher, onDone);
  const errors = fetcher.data?.ok === false ? (fetcher.data.errors ?? {}) : {};
  return { fetcher, errors, busy: fetcher.state !== "idle" };
}

function NewBlockForm({ onDone }: { onDone: () => void }) {
  const { fetcher, errors, busy } = useBlockFetcher(onDone);
  const id = useId();
  return (
    <fetcher.Form method="post" noValidate className="grid gap-4 rounded-lg border p-4">
      <h3 className="font-semibold">New content block</h3>
      <CsrfInput />
      <input type="hidden" name="intent" value="create" />
      <BlockFields id={id} errors={errors} descriptionRows={3} />
      <FieldError id={`${id}-form-error`}>{errors.form}</FieldError>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Creating..." : "Create Block"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </fetcher.Form>
  );
}

function initialJson(block: BlockRow): string {
  const value =
    Object.keys(block.contentData).length > 0 ? block.contentData : BLOCK_DATA_EXAMPLES[block.blockType as BlockType];
  return JSON.stringify(value ?? {}, null, 2);
}

function EditBlockForm({ block, onDone }: { block: BlockRow; onDone: () => void }) {
  const { fetcher, errors, busy } = useBlockFetcher(onDone);
  const id = useId();
  const [active, setActive] = useState(block.isActive);
  return (
    <fetcher.Form method="post" noValidate className="grid gap-4">
      <CsrfInput />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={block.id} />
      <input type="hidden" name="isActive" value={active ? "true" : "false"} />
      <BlockFields id={id} errors={errors} block={block} descriptionRows={2} />
      <div className="flex items-center gap-3">
        <Switch id={`${id}-active`} checked={active} onCheckedChange={setActive} />
        <Label htmlFor={`${id}-active`}>Active</Label>
      </div>
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
