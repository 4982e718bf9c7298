/**
 * Every editor's answer to a save over someone else's newer change: 409, nothing
 * changed, and what the collision dialog (components/cms/editor/edit-conflict-dialog.tsx) shows: who saved
 * last, when, and their version against the form's, field by field. Shared by the content editor
 * (content-editor.server.ts) and the job-opening and course editors (publishable-editor.server.ts);
 * the check itself is publishing/edit-conflicts.server.ts.
 */
import { data } from "react-router";
import type { EditConflictFailure } from "~/lib/cms/edit-conflict";
import type { RevisionEntityKind } from "~/lib/enums";
import type { Database } from "~/server/platform/db/db.server";
import { describeEditConflict, EditConflictError } from "~/server/publishing/edit-conflicts.server";
import { listRevisions } from "~/server/publishing/revisions.server";
import type { ComparedField } from "~/lib/content-kinds/define-kind";
import { ACTION_LABELS } from "./content-history.server";

/** The item a save from an editor's form acts on, and who sends it. */
export interface EditorSave {
  db: Database;
  kind: RevisionEntityKind;
  /** Undefined for a new item: no one else can have saved it. */
  itemId: string | undefined;
  intent: string;
  /** The e-mail of the editor saving. */
  editor: string;
  /** The fields the dialog compares (the History panel's). */
  fields: readonly ComparedField[];
}

/**
 * Runs a save of the form's fields (`mine`); a refusal because someone saved the item since the
 * form was opened becomes the 409 answer. Any other error goes on to the action's handling.
 */
export async function answeringEditConflicts<T>(
  save: EditorSave,
  mine: Record<string, unknown>,
  run: () => Promise<T>,
) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof EditConflictError) || !save.itemId) throw error;
    return editConflictAnswer(error, save, save.itemId, mine);
  }
}

async function editConflictAnswer(
  conflict: EditConflictError,
  save: EditorSave,
  itemId: string,
  mine: Record<string, unknown>,
) {
  // The latest revision says who saved and what that save did; the row alone would not.
  const [latest] = await listRevisions(save.db, save.kind, itemId);
  const view = describeEditConflict(conflict, {
    mine,
    fields: save.fields,
    editor: save.editor,
    lastSave: latest
      ? { by: latest.userEmail, at: latest.createdAt, action: ACTION_LABELS[latest.action] ?? null }
      : null,
  });
  const body: EditConflictFailure = {
    ok: false,
    intent: save.intent,
    errors: { form: conflict.message },
    conflict: view,
  };
  return data(body, { status: 409 });
}
