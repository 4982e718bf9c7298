/**
 * The CMS Content Blocks tab's server side (routes/cms/blocks.tsx): its list, and its action's
 * intents "create", "update", "delete" (with the spec's toasts, SPEC.md section 8, "Blocks") and
 * "reorder" (issue 17: a type's blocks in a new order).
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
import {
  actionFailed,
  actionSucceeded,
  invalidInput,
  readCmsList,
  runCmsAction,
  unknownIntent,
} from "./cms-action.server";

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

const isBlockIntent = (intent: string): intent is keyof typeof MESSAGES => Object.hasOwn(MESSAGES, intent);

/** Every error toast says the intent's "Failed to … content block."; a field's own message stays on it. */
const failureMessage = (intent: string) => (isBlockIntent(intent) ? MESSAGES[intent].failed : "");

export function blocksAction(request: Request) {
  return runCmsAction(
    request,
    { permission: "blocks.edit", failureMessage, failureToastForRefusals: true },
    async ({ current, form, values, intent, db }) => {
      if (!isBlockIntent(intent)) return unknownIntent(intent);
      const refused = (error: Parameters<typeof invalidInput>[0]) =>
        invalidInput(error, MESSAGES[intent].failed, { intent });
      switch (intent) {
        case "create": {
          const parsed = newBlockSchema.safeParse(values);
          if (!parsed.success) return refused(parsed.error);
          await createContentBlock(db, current.user, parsed.data);
          break;
        }
        case "update": {
          // The type's own form fields, checked by its schema: each message on its field.
          const parsed = parseEditBlockForm(form);
          if (!parsed.success) return actionFailed(MESSAGES.update.failed, 400, { intent, errors: parsed.errors });
          const { id, ...changes } = parsed.data;
          await updateContentBlock(db, current.user, id, changes);
          break;
        }
        case "reorder": {
          const parsed = reorderBlocksSchema.safeParse(values);
          if (!parsed.success) return refused(parsed.error);
          await reorderContentBlocks(db, current.user, parsed.data.blockType, parsed.data.order);
          break;
        }
        case "delete": {
          const parsed = blockIdSchema.safeParse(values);
          if (!parsed.success) throw new ExpectedError("Content block not found.", { status: 404 });
          await deleteContentBlock(db, current.user, parsed.data.id);
          break;
        }
      }
      return actionSucceeded(intent, MESSAGES[intent].done);
    },
  );
}
