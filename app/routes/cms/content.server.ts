/**
 * The Content tab's server side: the list, its deletions (to the trash, with Undo) and its bulk
 * publish, unpublish and delete. The editor's is content-editor.server.ts.
 */
import { CONTENT_MESSAGES, contentListFilterSchema } from "~/lib/schemas/content";
import { z } from "~/lib/schemas/zod";
import { PAGE_SIZE, pageFromSearch } from "~/lib/cms/pagination";
import { TRASH_MESSAGES, undoTrash } from "~/lib/cms/trash";
import { requirePermission } from "~/server/auth/guards.server";
import { changeContentAs, listContent } from "~/server/content/content.server";
import { contentPublishing } from "~/server/content/content-publishing.server";
import { getDb } from "~/server/platform/db/database.server";
import { publishItems, unpublishItems } from "~/server/publishing/publishable.server";
import { logger } from "~/server/platform/logger.server";
import { dataWithToast } from "~/server/platform/toast.server";
import { actionFailed, actionSucceeded, runCmsAction, type IntentHandlers } from "./cms-action.server";
import { idSchema } from "~/lib/schemas/id";

/** One page of the list, filtered by the URL's q, type and status (SPEC.md "Content tab"). */
export async function loadContentList(request: Request) {
  await requirePermission(request, "content.view");
  const searchParams = new URL(request.url).searchParams;
  const filter = contentListFilterSchema.parse(Object.fromEntries(searchParams));
  const page = pageFromSearch(searchParams);
  try {
    const { items, total } = await listContent(await getDb(), filter, page);
    return { items, total, page, pageSize: PAGE_SIZE, error: null };
  } catch (error) {
    logger.error({ err: error }, "could not list content");
    return { items: [], total: 0, page, pageSize: PAGE_SIZE, error: CONTENT_MESSAGES.fetchFailed };
  }
}

export const BULK_MESSAGES = {
  none: "Select at least one item first.",
  published: (count: number) => `${count} ${count === 1 ? "item" : "items"} published`,
  unpublished: (count: number) => `${count} ${count === 1 ? "item" : "items"} unpublished`,
  unchanged: "Nothing changed: the selected items were already so.",
  failed: "Failed to change the selected content",
} as const;

const bulkSchema = z.object({
  bulkAction: z.enum(["publish", "unpublish", "delete"]),
  ids: z.array(idSchema).min(1, BULK_MESSAGES.none).max(100),
});

/** The list's actions: "delete" (one item, after the confirmation) and "bulk" (the selected rows). */
/** The Content tab's intents, each with its handler. */
export const contentListIntents = {
  delete: async ({ current, values, intent, db }) => {
    const parsed = z.object({ id: idSchema }).safeParse(values);
    if (!parsed.success) return actionFailed(CONTENT_MESSAGES.deleteFailed, 400, { intent });
    const [trashed] = await changeContentAs(db, current.user, "trash", [parsed.data.id]);
    if (!trashed) return actionFailed(CONTENT_MESSAGES.deleteFailed, 404, { intent });
    return dataWithToast(
      { ok: true as const, intent },
      { type: "success", description: CONTENT_MESSAGES.deleted, undo: undoTrash("content", [trashed.id]) },
    );
  },
  // Publish, unpublish or delete the selected rows.
  bulk: async ({ current, form, values, intent, db }) => {
    const parsed = bulkSchema.safeParse({ bulkAction: values.bulkAction, ids: form.getAll("ids") });
    if (!parsed.success) return actionFailed(BULK_MESSAGES.none, 400, { intent });
    const { bulkAction, ids } = parsed.data;
    const changed =
      bulkAction === "delete"
        ? await changeContentAs(db, current.user, "trash", ids)
        : bulkAction === "publish"
          ? await publishItems(db, current.user, contentPublishing, ids)
          : await unpublishItems(db, current.user, contentPublishing, ids);
    if (changed.length === 0) return actionSucceeded(intent, { description: BULK_MESSAGES.unchanged });
    if (bulkAction === "delete") {
      return dataWithToast(
        { ok: true as const, intent },
        {
          type: "success",
          description: TRASH_MESSAGES.movedToTrash(changed.length),
          undo: undoTrash(
            "content",
            changed.map((item) => item.id),
          ),
        },
      );
    }
    const message = bulkAction === "publish" ? BULK_MESSAGES.published : BULK_MESSAGES.unpublished;
    return actionSucceeded(intent, { description: message(changed.length) });
  },
} satisfies IntentHandlers;

export function contentListAction(request: Request) {
  const failureMessage = (intent: string) => (intent === "bulk" ? BULK_MESSAGES.failed : CONTENT_MESSAGES.deleteFailed);
  return runCmsAction(request, { permission: "content.edit", failureMessage }, contentListIntents);
}
