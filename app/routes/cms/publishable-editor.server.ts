/**
 * The server side shared by the job-opening and course editors (/cms/careers/:id,
 * /cms/courses/:id; decision 017): what their loaders add to the item (status line,
 * schedules, history) and their actions: Save draft, Publish, Unpublish, Schedule, cancel a
 * schedule, Restore a revision. Each kind brings its form's parser and its messages; the model is
 * app/server/publishing/publishable.server.ts.
 *
 * Save draft, Publish, Unpublish and Schedule carry the version the form was opened on and are
 * refused (409, nothing changed) when someone saved the item since, as in the content editor: the
 * answer says who, when and what differs, for the editor's collision dialog.
 */
import { data } from "react-router";
import { BASE_VERSION_FIELD } from "~/lib/edit-conflict";
import { idSchema } from "~/lib/schemas/id";
import { z } from "~/lib/schemas/zod";
import { EDIT_PERMISSION_OF_KIND } from "~/lib/permissions";
import { loadRichTextOptions, type RichTextOptions } from "~/server/content/rich-text-options.server";
import { getDb } from "~/server/platform/db/database.server";
import { failureStatus } from "~/server/platform/db/database-unavailable.server";
import type { Database } from "~/server/platform/db/db.server";
import { logger } from "~/server/platform/logger.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { editVersion, openedVersion } from "~/server/publishing/edit-conflicts.server";
import { scheduleTimesFromForm } from "~/server/publishing/editor-form.server";
import {
  activeState,
  publish,
  restoreRevision,
  saveDraft,
  scheduleItem,
  unpublish,
  workingCopyOf,
  type Publishable,
  type PublishableRow,
} from "~/server/publishing/publishable.server";
import { cancelScheduledAction, listPendingFor } from "~/server/publishing/scheduled-actions.server";
import { invalidFields, runCmsAction, typedValues, unknownIntent } from "./cms-action.server";
import { loadHistory, type ComparedField } from "./content-history.server";
import { answeringEditConflicts } from "./edit-conflict-answer.server";
import { scheduledActionView } from "./scheduled.server";

/** /cms/<tab>/new and /cms/<tab>/{id}: "new" is the only id that is not a UUID. */
export const editorIdSchema = z.union([z.literal("new"), idSchema]);

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

type ParsedForm = { success: true; data: Record<string, unknown> } | { success: false; error: z.ZodError };

export interface EditorKind<Row extends PublishableRow, Fields extends Record<string, unknown>> {
  publishable: Publishable<Row, Fields>;
  /** The tab's list, where a save goes back to (SPEC.md: a save closes the form). */
  listPath: string;
  messages: EditorMessages;
  /** The fields the History panel compares, in the form's order. */
  comparedFields: readonly ComparedField[];
  /** Reads the form into the item's fields (a refused field is a Zod issue; a bad document throws). */
  parse: (values: Record<string, string>) => ParsedForm;
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
 * The editor's item (null for a new one) as its working copy (the pending draft over the live row),
 * with its status line and History. The caller maps `fields` to what its form shows.
 */
export async function loadEditorItem<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  request: Request,
  kind: EditorKind<Row, Fields>,
  idParam: string | undefined,
) {
  const id = editorIdSchema.safeParse(idParam);
  if (!id.success) throw data(null, { status: 404 });
  if (id.data === "new") return null;
  const row = await findRow(kind.publishable, id.data);
  const db: Database = await getDb();
  const [pending, history] = await Promise.all([
    listPendingFor(db, kind.publishable.kind, row.id),
    loadHistory(
      db,
      { kind: kind.publishable.kind, id: row.id, fields: kind.comparedFields },
      new URL(request.url).searchParams,
    ),
  ]);
  return {
    id: row.id,
    // The version the form is opened on, posted back so a save over a newer one is refused.
    version: editVersion(row),
    isActive: row.isActive,
    fields: workingCopyOf(kind.publishable, row),
    publishing: { state: activeState(row), scheduled: pending.map(scheduledActionView) },
    history,
  };
}

/** The editor's action, one intent per button; a save goes back to the list with its toast. */
export function editorAction<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  request: Request,
  kind: EditorKind<Row, Fields>,
  idParam: string | undefined,
) {
  const { messages, publishable, listPath } = kind;
  const permission = EDIT_PERMISSION_OF_KIND[publishable.kind];
  // A refusal sends back what was typed: without JavaScript the form is drawn again from it.
  const options = { permission, failureMessage: messages.saveFailed, outageStatus: true, keepValues: true };
  return runCmsAction(request, options, async ({ current, values, intent, db }) => {
    const id = editorIdSchema.safeParse(idParam);
    if (!id.success) return unknownIntent(intent);
    const itemId = id.data === "new" ? undefined : id.data;
    const actor = current.user;
    const toList = (description: string) => redirectWithToast(listPath, { type: "success", description });
    const toEditor = (description: string) =>
      redirectWithToast(`${listPath}/${itemId}`, { type: "success", description });
    // The version the form was opened on; a new item has none to collide with. Restore and
    // cancelling a schedule are not checked: they carry no typed fields that could overwrite anyone.
    const opened = itemId ? openedVersion(values, BASE_VERSION_FIELD) : undefined;
    const editorSave = {
      db,
      kind: publishable.kind,
      itemId,
      intent,
      editor: actor.email,
      fields: kind.comparedFields,
    };
    switch (intent) {
      case "save":
      case "publish":
      case "unpublish":
      case "schedule": {
        if (intent === "unpublish" && !itemId) return unknownIntent(intent);
        const parsed = kind.parse(values);
        if (!parsed.success) return invalidFields(parsed.error, { intent, values: typedValues(values) });
        const input = parsed.data;
        return answeringEditConflicts(editorSave, input, async () => {
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
      case "cancel-schedule": {
        const scheduleId = idSchema.safeParse(values.scheduleId);
        if (!itemId || !scheduleId.success) return unknownIntent(intent);
        // Only this item's: another kind's schedule is changed with that kind's permission.
        await cancelScheduledAction(db, actor, scheduleId.data, { kind: publishable.kind, entityId: itemId });
        return toEditor(messages.scheduleCancelled);
      }
      case "restore": {
        const revisionId = idSchema.safeParse(values.revisionId);
        if (!itemId || !revisionId.success) return unknownIntent(intent);
        await restoreRevision(db, actor, publishable, itemId, revisionId.data);
        return toEditor(messages.restored);
      }
      default:
        return unknownIntent(intent);
    }
  });
}
