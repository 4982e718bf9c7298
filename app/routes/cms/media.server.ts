/** The Media tab's loader view and actions (routes/cms/media.tsx). */
import { isUuid } from "~/lib/schemas/id";
import { MEDIA_MESSAGES, mediaAltSchema, mediaDetailsSchema } from "~/lib/schemas/media";
import { deleteMedia, findMedia, listMedia, toLibraryItem, updateMediaDetails } from "~/server/media/media.server";
import { findMediaUsage } from "~/server/media/media-usage.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { getStorage } from "~/server/platform/storage.server";
import { actionSucceeded, invalidInput, type CmsActionContext, type IntentHandlers } from "./cms-action.server";
import { listSearchQuery } from "./list-tab.server";

export const MEDIA_LIST_FAILED = "Failed to load the media library";

export type MediaView = "grid" | "list";

export async function loadMediaTab(request: Request) {
  const url = new URL(request.url);
  const q = listSearchQuery(url.searchParams);
  const view: MediaView = url.searchParams.get("view") === "list" ? "list" : "grid";
  const selectedId = url.searchParams.get("image") ?? "";
  try {
    const db = await getDb();
    const items = (await listMedia(db, q)).map(toLibraryItem);
    const row = isUuid(selectedId) ? await findMedia(db, selectedId) : undefined;
    const selected = row ? { item: toLibraryItem(row), usage: await findMediaUsage(db, row.id) } : null;
    return { q, view, items, selected, error: null as string | null };
  } catch (error) {
    logger.error({ err: error }, "could not load the media library");
    return { q, view, items: [], selected: null, error: MEDIA_LIST_FAILED };
  }
}

function actorOf(context: CmsActionContext) {
  return { id: context.current.user.id, email: context.current.user.email };
}

function imageId(context: CmsActionContext): string {
  return isUuid(context.values.id) ? context.values.id : "";
}

export async function updateDetails(context: CmsActionContext) {
  const parsed = mediaDetailsSchema.safeParse(context.values);
  if (!parsed.success) return invalidInput(parsed.error, MEDIA_MESSAGES.saveFailed, { intent: context.intent });
  await updateMediaDetails(context.db, getStorage(), actorOf(context), imageId(context), parsed.data);
  return actionSucceeded(context.intent, { description: MEDIA_MESSAGES.updated });
}

/** The picker's "add alt text, then place": only the alt text changes. */
export async function saveAltText(context: CmsActionContext) {
  const parsed = mediaAltSchema.safeParse(context.values);
  if (!parsed.success) return invalidInput(parsed.error, MEDIA_MESSAGES.altRequired, { intent: context.intent });
  const row = await findMedia(context.db, imageId(context));
  await updateMediaDetails(context.db, getStorage(), actorOf(context), imageId(context), {
    altText: parsed.data.altText,
    caption: row?.caption ?? "",
    focalX: row?.focalX ?? 0.5,
    focalY: row?.focalY ?? 0.5,
  });
  return actionSucceeded(context.intent, { description: MEDIA_MESSAGES.updated });
}

export async function removeImage(context: CmsActionContext) {
  await deleteMedia(context.db, getStorage(), actorOf(context), imageId(context));
  return actionSucceeded(context.intent, { description: MEDIA_MESSAGES.deleted });
}

export function mediaFailureMessage(intent: string): string {
  return intent === "delete" ? MEDIA_MESSAGES.deleteFailed : MEDIA_MESSAGES.saveFailed;
}

/** The Media tab's intents, each with its handler. */
export const mediaIntents = {
  update: updateDetails,
  delete: removeImage,
} satisfies IntentHandlers;

/** The media picker's one intent (routes/cms/media-library.ts), with its handler. */
export const mediaLibraryIntents = {
  alt: saveAltText,
} satisfies IntentHandlers;
