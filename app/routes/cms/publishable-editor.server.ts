/**
 * The server side shared by the three editors (/cms/content/:id, /cms/careers/:id,
 * /cms/courses/:id; decisions 015 and 017): what their loaders add to the item (status line,
 * schedules, history) and their actions: Save draft, Publish, Unpublish, Schedule, cancel a
 * schedule, Restore a revision. Each kind brings its declaration (lib/content-kinds/), its form's
 * parser and its messages; the model is app/server/publishing/publishable.server.ts.
 *
 * Save draft, Publish, Unpublish and Schedule carry the version the form was opened on and are
 * refused (409, nothing changed) when someone saved the item since: the answer says who, when and
 * what differs, for the editor's collision dialog.
 */
import { data } from "react-router";
import { comparedFieldsOf, type DeclaredKind } from "~/lib/content-kinds/define-kind";
import { BASE_VERSION_FIELD } from "~/lib/cms/edit-conflict";
import { idSchema } from "~/lib/schemas/id";
import { z } from "~/lib/schemas/zod";
import { loadRichTextOptions, type RichTextOptions } from "~/server/content/rich-text-options.server";
import { getDb } from "~/server/platform/db/database.server";
import { failureStatus } from "~/server/platform/db/database-unavailable.server";
import type { Database } from "~/server/platform/db/db.server";
import { logger } from "~/server/platform/logger.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { editVersion, openedVersion, type OpenedVersion } from "~/server/publishing/edit-conflicts.server";
import { scheduleTimesFromForm } from "~/server/publishing/editor-form.server";
import {
  publish,
  publishingState,
  restoreRevision,
  saveDraft,
  scheduleItem,
  unpublish,
  workingCopyOf,
} from "~/server/publishing/publishable.server";
import type { Publishable, PublishableRow } from "~/server/publishing/publishable-kind.server";
import { cancelScheduledAction, listPendingFor } from "~/server/publishing/scheduled-actions.server";
import { invalidFields, runCmsAction, typedValues, unknownIntent, type CmsActionContext } from "./cms-action.server";
import { loadHistory } from "./content-history.server";
import { answeringEditConflicts } from "./edit-conflict-answer.server";
import { scheduledActionView } from "./scheduled.server";

/** /cms/<tab>/new and /cms/<tab>/{id}: "new" is the only id that is not a UUID. */
export const editorIdSchema = z.union([z.literal("new"), idSchema]);

/** The buttons of every editor: the `intent` each posts, and the only ones its action takes. */
export const editorIntents = ["save", "publish", "unpublish", "schedule", "cancel-schedule", "restore"] as const;
export type EditorIntent = (typeof editorIntents)[number];

/** The intents that save what the form holds (and so are checked for someone else's newer save). */
const SAVING_INTENTS: readonly EditorIntent[] = ["save", "publish", "unpublish", "schedule"];

export interface EditorMessages {
  created: string;
  updated: string;
  published: string;
  unpublished: string;
  scheduled: string;
  scheduleCancelled: string;
  restored: string;
  saveFailed: string;
}

/** What an editor's action answers a refused request with. */
type EditorAnswer = ReturnType<typeof invalidFields> | Promise<ReturnType<typeof invalidFields>>;

type ParsedForm = { success: true; data: Record<string, unknown> } | { success: false; error: z.ZodError };

export interface EditorKind<Row extends PublishableRow, Fields extends Record<string, unknown>> {
  /** The kind's declaration: who may edit it, and the fields the History panel and collision dialog compare. */
  declaration: DeclaredKind;
  publishable: Publishable<Row, Fields>;
  /** The tab's list, where a save goes back to (SPEC.md: a save closes the form). */
  listPath: string;
  messages: EditorMessages;
  /** Reads the form into the item's fields (a refused field is a Zod issue; a bad document throws). */
  parse: (values: Record<string, string>, item: { isNew: boolean }) => ParsedForm;
  /** The answer to a form its schema refused; by default each field's message. */
  invalid?: (error: z.ZodError, intent: string, values: Record<string, string>) => EditorAnswer;
  /** The answer to a request the editor cannot take (an unknown intent, a bad id); by default "Unknown action.". */
  refused?: (intent: string) => EditorAnswer;
}

/** The rich-text editor's settings and pages; without them (database trouble) it still edits. */
export async function loadEditorOptions(): Promise<RichTextOptions> {
  try {
    return await loadRichTextOptions(await getDb());
  } catch (error) {
    logger.error({ err: error }, "could not load the rich-text editor's settings and pages");
    return { placeholders: [], pages: [] };
  }
}

/** The row of `id`, a thrown 404 when unknown or in the trash, 500/503 when the database fails. */
async function findRow<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  kind: Publishable<Row, Fields>,
  id: string,
): Promise<Row> {
  let row: Row | undefined;
  try {
    row = await kind.find(await getDb(), id);
  } catch (error) {
    logger.error({ err: error, kind: kind.kind }, "could not load an item for its editor");
    throw data(null, { status: failureStatus(error) });
  }
  if (!row) throw data(null, { status: 404 });
  return row;
}

/**
 * The editor's item (null for a new one): its row, its working copy (the pending draft over the
 * live row), its status line and History. The caller maps `fields` to what its form shows.
 */
export async function loadEditorItem<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  request: Request,
  kind: EditorKind<Row, Fields>,
  idParam: string | undefined,
) {
  const id = editorIdSchema.safeParse(idParam);
  if (!id.success) throw data(null, { status: 404 });
  if (id.data === "new") return null;
  const { publishable, declaration } = kind;
  const row = await findRow(publishable, id.data);
  const db: Database = await getDb();
  const [pending, history] = await Promise.all([
    listPendingFor(db, publishable.kind, row.id),
    loadHistory(
      db,
      { kind: publishable.kind, id: row.id, fields: comparedFieldsOf(declaration) },
      new URL(request.url).searchParams,
    ),
  ]);
  return {
    id: row.id,
    // The version the form is opened on, posted back so a save over a newer one is refused.
    version: editVersion(row),
    row,
    fields: workingCopyOf(publishable, row),
    publishing: { state: publishingState(publishable, row), scheduled: pending.map(scheduledActionView) },
    history,
  };
}

interface EditorRequest<Row extends PublishableRow, Fields extends Record<string, unknown>> {
  kind: EditorKind<Row, Fields>;
  context: CmsActionContext;
  intent: EditorIntent;
  itemId: string | undefined;
}

/** Save draft, Publish, Unpublish and Schedule: the form's fields, saved unless someone saved the item since. */
async function saveForm<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  { kind, context, intent, itemId }: EditorRequest<Row, Fields>,
  toList: (description: string) => Promise<Response>,
) {
  const { db, values, current } = context;
  const { publishable, messages } = kind;
  const actor = current.user;
  const parsed = kind.parse(values, { isNew: !itemId });
  if (!parsed.success) {
    const invalid =
      kind.invalid ?? ((error, _intent, typed) => invalidFields(error, { intent, values: typedValues(typed) }));
    return invalid(parsed.error, intent, values);
  }
  const input = parsed.data;
  // The version the form was opened on; a new item has none to collide with.
  const opened: OpenedVersion | undefined = itemId ? openedVersion(values, BASE_VERSION_FIELD) : undefined;
  const fields = comparedFieldsOf(kind.declaration);
  const save = { db, kind: publishable.kind, itemId, intent, editor: actor.email, fields };
  return answeringEditConflicts(save, input, async () => {
    if (intent === "save") {
      const saved = await saveDraft(db, actor, publishable, input, itemId, opened);
      return toList(saved.created ? messages.created : messages.updated);
    }
    if (intent === "publish") {
      await publish(db, actor, publishable, input, itemId, opened);
      return toList(messages.published);
    }
    if (intent === "unpublish" && itemId) {
      await unpublish(db, actor, publishable, input, itemId, opened);
      return toList(messages.unpublished);
    }
    await scheduleItem(db, actor, publishable, input, itemId, scheduleTimesFromForm(values), opened);
    return toList(messages.scheduled);
  });
}

/** Whether the editor takes this intent for this item (a new item can only be saved, published or scheduled). */
function accepts(declaration: DeclaredKind, intent: string, itemId: string | undefined): intent is EditorIntent {
  if (!(editorIntents as readonly string[]).includes(intent)) return false;
  if (intent === "schedule" && !declaration.publishing.scheduling) return false;
  return Boolean(itemId) || ["save", "publish", "schedule"].includes(intent);
}

/** The editor's action, one intent per button; a save goes back to the list with its toast. */
export function editorAction<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  request: Request,
  kind: EditorKind<Row, Fields>,
  idParam: string | undefined,
) {
  const { messages, publishable, listPath } = kind;
  const permission = kind.declaration.access.edit;
  // A refusal sends back what was typed: without JavaScript the form is drawn again from it.
  const options = { permission, failureMessage: messages.saveFailed, outageStatus: true, keepValues: true };
  return runCmsAction(request, options, async (context) => {
    const { db, values, intent, current } = context;
    const refused = kind.refused ?? unknownIntent;
    const id = editorIdSchema.safeParse(idParam);
    const itemId = id.success && id.data !== "new" ? id.data : undefined;
    if (!id.success || !accepts(kind.declaration, intent, itemId)) {
      return refused(intent);
    }
    const toList = (description: string) => redirectWithToast(listPath, { type: "success", description });
    const toEditor = (description: string) =>
      redirectWithToast(`${listPath}/${itemId}`, { type: "success", description });
    if (SAVING_INTENTS.includes(intent)) return saveForm({ kind, context, intent, itemId }, toList);
    // Restore and cancelling a schedule are not checked for newer saves: they carry no typed fields
    // that could overwrite anyone, and a restore keeps what it replaces in the history.
    const actor = current.user;
    if (intent === "cancel-schedule") {
      const scheduleId = idSchema.safeParse(values.scheduleId);
      if (!itemId || !scheduleId.success) return refused(intent);
      // Only this item's: another kind's schedule is changed with that kind's permission.
      await cancelScheduledAction(db, actor, scheduleId.data, { kind: publishable.kind, entityId: itemId });
      return toEditor(messages.scheduleCancelled);
    }
    const revisionId = idSchema.safeParse(values.revisionId);
    if (!itemId || !revisionId.success) return refused(intent);
    await restoreRevision(db, actor, publishable, itemId, revisionId.data);
    return toEditor(messages.restored);
  });
}
