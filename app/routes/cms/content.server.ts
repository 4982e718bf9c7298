/** The Content tab's server side: the list and its deletions (the editor's is content-editor.server.ts). */
import { data } from "react-router";
import { CONTENT_MESSAGES, contentListFilterSchema } from "~/lib/schemas/content";
import { z } from "~/lib/schemas/zod";
import { PAGE_SIZE, pageFromSearch } from "~/lib/pagination";
import { requireAdmin } from "~/server/auth/guards.server";
import { deleteContentAs, listContent } from "~/server/content/content.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { dataWithToast } from "~/server/platform/toast.server";
import { actionFailed, runCmsAction, type ActionFailure } from "./cms-action.server";
import { idSchema } from "~/lib/schemas/id";

/** One page of the list, filtered by the URL's q, type and status (SPEC.md "Content tab"). */
export async function loadContentList(request: Request) {
  await requireAdmin(request);
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

/** Deleting an item (after the confirmation in the browser); saving is the editor's action. */
export function deleteContentAction(request: Request) {
  return runCmsAction(
    request,
    { failureMessage: CONTENT_MESSAGES.deleteFailed },
    async ({ current, values, intent, db }) => {
      const parsed = z.object({ id: idSchema }).safeParse(values);
      if (intent !== "delete") return data<ActionFailure>({ ok: false, intent, errors: {} }, { status: 400 });
      if (!parsed.success) return actionFailed(CONTENT_MESSAGES.deleteFailed, 400, { intent });
      const deleted = await deleteContentAs(db, current.user, parsed.data.id);
      if (!deleted) return actionFailed(CONTENT_MESSAGES.deleteFailed, 404, { intent });
      return dataWithToast({ ok: true as const }, { type: "success", description: CONTENT_MESSAGES.deleted });
    },
  );
}
