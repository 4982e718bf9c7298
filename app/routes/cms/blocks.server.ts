/**
 * The CMS Content Blocks tab's server side (routes/cms/blocks.tsx): its list, and its action's
 * intents "create", "update" and "delete", with the spec's toasts (SPEC.md section 8, "Blocks").
 */
import { blockIdSchema, editBlockSchema, newBlockSchema } from "~/lib/schemas/content-blocks";
import {
  createContentBlock,
  deleteContentBlock,
  listContentBlocks,
  updateContentBlock,
} from "~/server/content/content-blocks.server";
import type { Database } from "~/server/platform/db/db.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { actionSucceeded, invalidInput, readCmsList, runCmsAction, unknownIntent } from "./cms-action.server";

/** Every block, active or not, by name; a fetch failure empties the list and keeps the message (SPEC.md section 8). */
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
} as const;

const isBlockIntent = (intent: string): intent is keyof typeof MESSAGES => Object.hasOwn(MESSAGES, intent);

/** Every error toast says the intent's "Failed to … content block."; a field's own message stays on it. */
const failureMessage = (intent: string) => (isBlockIntent(intent) ? MESSAGES[intent].failed : "");

export function blocksAction(request: Request) {
  return runCmsAction(
    request,
    { failureMessage, failureToastForRefusals: true },
    async ({ current, values, intent, db }) => {
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
          const parsed = editBlockSchema.safeParse(values);
          if (!parsed.success) return refused(parsed.error);
          const { id, ...changes } = parsed.data;
          await updateContentBlock(db, current.user, id, changes);
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
