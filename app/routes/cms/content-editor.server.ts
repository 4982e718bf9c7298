/**
 * The Content editor's server side (content-editor.tsx) and the preview's item (content-preview.tsx).
 * The editor's actions (decision 015): Save draft, Publish, Unpublish, Schedule, cancel a
 * schedule, and Restore a revision; each keeps a revision and an audit entry (content-publishing.server.ts).
 * Save draft, Publish, Schedule and Unpublish carry the version the form was opened on and are
 * refused (409, nothing changed) when someone saved the item since: the answer says who, when and
 * what differs, for the editor's collision dialog (publishing/edit-conflicts.server.ts).
 */
import { data } from "react-router";
import { BASE_VERSION_FIELD } from "~/lib/edit-conflict";
import { fieldErrors } from "~/lib/schemas/auth";
import {
  CONTENT_MAX_LENGTH,
  CONTENT_MESSAGES,
  contentFormSchema,
  TITLE_AND_SLUG_REQUIRED,
} from "~/lib/schemas/content";
import { z } from "~/lib/schemas/zod";
import { slugify } from "~/lib/slug";
import { fromLondonWallClock } from "~/lib/london-time";
import { requirePermission } from "~/server/auth/guards.server";
import {
  publishContent,
  publishingState,
  restoreContentRevision,
  saveContentDraft,
  scheduleContent,
  unpublishContent,
  workingCopy,
} from "~/server/content/content-publishing.server";
import { getContentById, type ContentItem } from "~/server/content/content.server";
import { richTextFromForm } from "~/server/content/rich-text.server";
import { loadRichTextOptions, type RichTextOptions } from "~/server/content/rich-text-options.server";
import { getDb } from "~/server/platform/db/database.server";
import { failureStatus } from "~/server/platform/db/database-unavailable.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { logger } from "~/server/platform/logger.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { editVersion, openedVersion } from "~/server/publishing/edit-conflicts.server";
import { cancelScheduledAction, listPendingFor } from "~/server/publishing/scheduled-actions.server";
import { actionFailed, runCmsAction, typedValues, type ActionFailure } from "./cms-action.server";
import { COMPARED_FIELDS, loadContentHistory } from "./content-history.server";
import { answeringEditConflicts } from "./edit-conflict-answer.server";
import { scheduledActionView } from "./scheduled.server";
import { idSchema } from "~/lib/schemas/id";

/** /cms/content/new and /cms/content/{id}: "new" is the only id that is not a UUID. */
const editorId = z.union([z.literal("new"), idSchema]);

export const PUBLISHING_MESSAGES = {
  published: "Content published",
  unpublished: "Content unpublished: it is no longer on the public site",
  scheduled: "Content saved and scheduled",
  scheduleCancelled: "Schedule cancelled",
  restored: "Revision restored as the draft",
  noTime: "Choose a time to publish or to unpublish",
  badTime: "Enter a date and time in London time (a time the clocks skip does not exist)",
} as const;

/** The item of `id`, or a thrown 404 (unknown) or 500/503 (the database failed). */
async function findItem(id: string) {
  let item;
  try {
    item = await getContentById(await getDb(), id);
  } catch (error) {
    logger.error({ err: error }, "could not load a content item");
    throw data(null, { status: failureStatus(error) });
  }
  if (!item) throw data(null, { status: 404 });
  return item;
}

/** The rich-text editor's settings and pages; without them (database trouble) it still edits. */
async function loadEditorOptions(): Promise<RichTextOptions> {
  try {
    return await loadRichTextOptions(await getDb());
  } catch (error) {
    logger.error({ err: error }, "could not load the rich-text editor's settings and pages");
    return { placeholders: [], pages: [] };
  }
}

/** The editor's item as its form shows it (null for a new one): the pending draft over the live row. */
export async function loadContentEditor(request: Request, idParam: string | undefined) {
  await requirePermission(request, "content.edit");
  const id = editorId.safeParse(idParam);
  if (!id.success) throw data(null, { status: 404 });
  const richText = await loadEditorOptions();
  if (id.data === "new") return { item: null, publishing: null, history: null, richText };
  const item = await findItem(id.data);
  const fields = workingCopy(item);
  const db = await getDb();
  const [pending, history] = await Promise.all([
    listPendingFor(db, "content", item.id),
    loadContentHistory(db, item.id, new URL(request.url).searchParams),
  ]);
  return {
    richText,
    item: {
      id: item.id,
      // The version the form is opened on, posted back so a save over a newer one is refused.
      version: editVersion(item),
      title: fields.title,
      slug: fields.slug,
      content: fields.content,
      // The editor opens this document; without one (never edited in it) it reads `content`.
      document: fields.document ?? null,
      excerpt: fields.excerpt ?? "",
      metaTitle: fields.metaTitle ?? "",
      metaDescription: fields.metaDescription ?? "",
      featuredImageUrl: fields.featuredImageUrl ?? "",
      type: fields.type,
      status: item.status,
    },
    publishing: { state: publishingState(item), scheduled: pending.map(scheduledActionView) },
    history,
  };
}

const CONTENT_TOO_LONG = "Content must be at most 200,000 characters";

function parseForm(values: Record<string, string>, isNew: boolean) {
  // A new item's slug comes from its title when the field was left empty.
  if (isNew && values.title !== undefined && !(values.slug ?? "").trim()) values.slug = slugify(values.title);
  const parsed = contentFormSchema.safeParse(values);
  if (!parsed.success) return parsed;
  // The editor's document is checked and rendered to the HTML the site shows; a form posted
  // without one (no JavaScript, the HTML view) stores its HTML, sanitised as before.
  const { contentDocument, ...fields } = parsed.data;
  const body = richTextFromForm(contentDocument, fields.content, "content");
  if (body.html.length > CONTENT_MAX_LENGTH) throw new ExpectedError(CONTENT_TOO_LONG, { field: "content" });
  return { success: true as const, data: { ...fields, content: body.html, document: body.document } };
}

function invalidForm(error: z.ZodError, intent: string, values: Record<string, string>) {
  const errors = fieldErrors(error);
  const missing = errors.title === TITLE_AND_SLUG_REQUIRED || errors.slug === TITLE_AND_SLUG_REQUIRED;
  if (missing) errors.form = TITLE_AND_SLUG_REQUIRED;
  const message = missing ? TITLE_AND_SLUG_REQUIRED : "Please correct the highlighted fields.";
  return actionFailed(message, 400, { intent, errors, values: typedValues(values) });
}

/** The schedule's London wall-clock fields as instants; a field left empty is null. */
function scheduleTimes(values: Record<string, string>): { publishAt: Date | null; unpublishAt: Date | null } {
  const read = (field: "publishAt" | "unpublishAt") => {
    const text = (values[field] ?? "").trim();
    if (!text) return null;
    const instant = fromLondonWallClock(text);
    if (!instant) throw new ExpectedError(PUBLISHING_MESSAGES.badTime, { field });
    return instant;
  };
  const times = { publishAt: read("publishAt"), unpublishAt: read("unpublishAt") };
  if (!times.publishAt && !times.unpublishAt)
    throw new ExpectedError(PUBLISHING_MESSAGES.noTime, { field: "publishAt" });
  return times;
}

const backToList = (description: string) => redirectWithToast("/cms/content", { type: "success", description });
const backToEditor = (item: Pick<ContentItem, "id">, description: string) =>
  redirectWithToast(`/cms/content/${item.id}`, { type: "success", description });

/**
 * The editor's actions. Save draft, Publish, Unpublish and Schedule save what the form holds and go
 * back to the list (SPEC.md "Content save"); cancelling a schedule and restoring stay in the editor.
 */
export function saveContentAction(request: Request, idParam: string | undefined) {
  // A refusal sends back what was typed: without JavaScript the form is drawn again from it.
  const options = {
    permission: "content.edit" as const,
    failureMessage: CONTENT_MESSAGES.saveFailed,
    outageStatus: true,
    keepValues: true,
  };
  return runCmsAction(request, options, async ({ current, values, intent, db }) => {
    const id = editorId.safeParse(idParam);
    const refused = () =>
      data<ActionFailure>({ ok: false, intent, errors: { form: CONTENT_MESSAGES.saveFailed } }, { status: 400 });
    if (!id.success) return refused();
    const isNew = id.data === "new";
    const itemId = isNew ? undefined : id.data;
    const actor = current.user;
    // The version the form was opened on; a new item has none to collide with. Restore and
    // cancelling a schedule are not checked: they carry no typed fields that could overwrite
    // anyone, and a restore keeps what it replaces in the history.
    const opened = isNew ? undefined : openedVersion(values, BASE_VERSION_FIELD);
    /** Runs a save of the form, answering a collision with someone else's newer save. */
    const editorSave = { db, kind: "content", itemId, intent, editor: actor.email, fields: COMPARED_FIELDS } as const;
    const saving = (fields: Record<string, unknown>, save: () => Promise<Response>) =>
      answeringEditConflicts(editorSave, fields, save);
    switch (intent) {
      case "save":
      case "publish":
      case "schedule": {
        const parsed = parseForm(values, isNew);
        if (!parsed.success) return invalidForm(parsed.error, intent, values);
        const input = parsed.data;
        if (intent === "save") {
          return saving(input, async () => {
            const saved = await saveContentDraft(db, actor, input, itemId, opened);
            return backToList(saved.created ? CONTENT_MESSAGES.created : CONTENT_MESSAGES.updated);
          });
        }
        if (intent === "publish") {
          return saving(input, async () => {
            await publishContent(db, actor, input, itemId, opened);
            return backToList(PUBLISHING_MESSAGES.published);
          });
        }
        const times = scheduleTimes(values);
        return saving(input, async () => {
          await scheduleContent(db, actor, input, itemId, times, opened);
          return backToList(PUBLISHING_MESSAGES.scheduled);
        });
      }
      case "unpublish": {
        if (!itemId) return refused();
        const parsed = parseForm(values, false);
        if (!parsed.success) return invalidForm(parsed.error, intent, values);
        const input = parsed.data;
        return saving(input, async () => {
          await unpublishContent(db, actor, input, itemId, opened);
          return backToList(PUBLISHING_MESSAGES.unpublished);
        });
      }
      case "cancel-schedule": {
        const scheduleId = idSchema.safeParse(values.scheduleId);
        if (!itemId || !scheduleId.success) return refused();
        // Only this item's: another kind's schedule is changed with that kind's permission.
        await cancelScheduledAction(db, actor, scheduleId.data, { kind: "content", entityId: itemId });
        return backToEditor({ id: itemId }, PUBLISHING_MESSAGES.scheduleCancelled);
      }
      case "restore": {
        const revisionId = idSchema.safeParse(values.revisionId);
        if (!itemId || !revisionId.success) return refused();
        const item = await restoreContentRevision(db, actor, itemId, revisionId.data);
        return backToEditor(item, PUBLISHING_MESSAGES.restored);
      }
      default:
        return refused();
    }
  });
}

/** The preview's item: any status, showing its pending draft (the route checks who may see it). */
export async function loadContentPreview(idParam: string | undefined) {
  const id = idSchema.safeParse(idParam);
  if (!id.success) throw data(null, { status: 404 });
  const item = await findItem(id.data);
  return { ...item, ...workingCopy(item) };
}
