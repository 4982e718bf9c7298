/**
 * The CMS Content Blocks tab's server side (routes/cms/blocks.tsx): its list, and its action's
 * intents "create", "update", "delete" (with the spec's toasts, SPEC.md section 8, "Blocks") and
 * "reorder" (a type's blocks in a new order).
 */
import { blockIdSchema, newBlockSchema, parseEditBlockForm, reorderBlocksSchema } from "~/lib/schemas/content-blocks";
import {
  createContentBlock,
  deleteContentBlock,
  listContentBlocks,
  reorderContentBlocks,
  updateContentBlock,
} from "~/server/content/content-blocks.server";
import type { Database } from "~/server/platform/db/db.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { actionFailed, actionSucceeded, invalidInput, runCmsAction, type IntentHandler } from "./cms-action.server";
import { readCmsList } from "./list-tab.server";

/** Every block, active or not, in order; a fetch failure empties the list and keeps the message (SPEC.md section 8). */
export async function blocksView() {
  const listAll = (db: Database) => listContentBlocks(db, { includeInactive: true });
  const { items: blocks, error } = await readCmsList(listAll, "Failed to fetch content blocks.");
  return { blocks, error };
}

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
  reorder: {
    failed: "Failed to reorder content blocks.",
    done: { title: "Order saved", description: "The new order of the blocks has been saved." },
  },
} as const;

type BlockIntent = keyof typeof MESSAGES;

/** A refused form: 400, each field's message, and the intent's "Failed to … content block." toast. */
const refused = (intent: BlockIntent, error: Parameters<typeof invalidInput>[0]) =>
  invalidInput(error, MESSAGES[intent].failed, { intent });

/** The Blocks tab's intents, each with its handler. */
export const blockIntents = {
  create: async ({ current, values, db }) => {
    const parsed = newBlockSchema.safeParse(values);
    if (!parsed.success) return refused("create", parsed.error);
    await createContentBlock(db, current.user, parsed.data);
    return actionSucceeded("create", MESSAGES.create.done);
  },
  update: async ({ current, form, db }) => {
    // The type's own form fields, checked by its schema: each message on its field.
    const parsed = parseEditBlockForm(form);
    if (!parsed.success) return actionFailed(MESSAGES.update.failed, 400, { intent: "update", errors: parsed.errors });
    const { id, ...changes } = parsed.data;
    await updateContentBlock(db, current.user, id, changes);
    return actionSucceeded("update", MESSAGES.update.done);
  },
  reorder: async ({ current, values, db }) => {
    const parsed = reorderBlocksSchema.safeParse(values);
    if (!parsed.success) return refused("reorder", parsed.error);
    await reorderContentBlocks(db, current.user, parsed.data.blockType, parsed.data.order);
    return actionSucceeded("reorder", MESSAGES.reorder.done);
  },
  delete: async ({ current, values, db }) => {
    const parsed = blockIdSchema.safeParse(values);
    if (!parsed.success) throw new ExpectedError("Content block not found.", { status: 404 });
    await deleteContentBlock(db, current.user, parsed.data.id);
    return actionSucceeded("delete", MESSAGES.delete.done);
  },
} satisfies Record<BlockIntent, IntentHandler>;

const isBlockIntent = (intent: string): intent is BlockIntent => Object.hasOwn(MESSAGES, intent);

/** Every error toast says the intent's "Failed to … content block."; a field's own message stays on it. */
const failureMessage = (intent: string) => (isBlockIntent(intent) ? MESSAGES[intent].failed : "");

export function blocksAction(request: Request) {
  return runCmsAction(
    request,
    { permission: "blocks.edit", failureMessage, failureToastForRefusals: true },
    blockIntents,
  );
}
