/**
 * Two editors on one item: a save over someone else's newer change is refused (409)
 * instead of silently overwriting it. Generic over the editors (content, job openings and
 * courses): any row with an `updated_at` that every save moves.
 *
 * How an editor uses it:
 *   1. its loader gives the form `editVersion(row)`, posted back in BASE_VERSION_FIELD;
 *   2. the entity module reads the row FOR UPDATE inside the transaction that writes it, and calls
 *      `refuseIfChangedSince(row, opened, snapshot)` before writing: a save committed meanwhile
 *      either is seen (the lock waits for it) or comes after ours and is refused in its turn, so
 *      there is no window between the check and the write; the thrown error rolls the transaction
 *      back, and nothing changes;
 *   3. the route turns the EditConflictError into its answer with `describeEditConflict`.
 *
 * Why updated_at rather than the latest revision id: every write of the row moves it (a saved
 * draft of a published item, a restore, a scheduled publication), and it sits on the row the
 * transaction locks anyway. Its millisecond precision is enough: two saves of one item in the same
 * millisecond are not two people typing.
 */
import type { ComparedField } from "../../lib/content-kinds/define-kind";
import { diffRevisions } from "../../lib/cms/revision-diff";
import { EDIT_CONFLICT_MESSAGES, type EditConflictView } from "../../lib/cms/edit-conflict";
import { formatDate } from "../../lib/text/format";
import { ExpectedError } from "../platform/errors.server";

/**
 * The version a form posted: the text of its BASE_VERSION_FIELD, or null when it had none.
 * Callers that act without an editor's form (the scheduler, bulk actions) pass nothing at all:
 * there is no typed version to protect, and they are not checked.
 */
export type OpenedVersion = string | null;

/** The version of a row as its editor's form carries it. */
export function editVersion(row: { updatedAt: Date }): string {
  return row.updatedAt.toISOString();
}

/** The version a form posted (null for a form without the field, or an empty one). */
export function openedVersion(values: Record<string, string>, field: string): OpenedVersion {
  return values[field]?.trim() || null;
}

/** A save refused because the row changed since the form was opened; carries what is stored now. */
export class EditConflictError extends ExpectedError {
  override name = "EditConflictError";

  constructor(
    readonly reason: EditConflictView["reason"],
    /** The version stored now. */
    readonly version: string,
    /** The stored editable fields (their version), to compare with the form. */
    readonly theirs: Record<string, unknown>,
  ) {
    super(EDIT_CONFLICT_MESSAGES[reason], { status: 409 });
  }
}

/**
 * Throws EditConflictError unless `current` (read FOR UPDATE in the writing transaction) is the
 * version the form was opened on. `opened` undefined: no editor's form, nothing to check.
 *
 * A form WITHOUT the field (null: a tab opened before this check existed, or a hand-made request)
 * is refused too, as "unknown": we cannot tell whether it would overwrite someone, and silently
 * overwriting is what this prevents. Refusing loses nothing, since the form stays on screen with
 * what was typed, and the dialog offers to keep it knowingly with the current version.
 */
export function refuseIfChangedSince(
  current: { updatedAt: Date },
  opened: OpenedVersion | undefined,
  theirs: () => Record<string, unknown>,
): void {
  if (opened === undefined) return;
  const version = editVersion(current);
  if (opened === version) return;
  throw new EditConflictError(opened === null ? "unknown" : "changed", version, theirs());
}

/**
 * What the editor is shown: who saved last and when (the item's latest revision, if any), and the
 * differences between their version and the form, field by field (the History panel's comparison).
 */
export function describeEditConflict(
  conflict: EditConflictError,
  options: {
    /** The form's fields, as they would have been saved. */
    mine: Record<string, unknown>;
    fields: readonly ComparedField[];
    lastSave: { by: string | null; at: Date; action: string | null } | null;
    /** The e-mail of the editor who was refused. */
    editor: string;
  },
): EditConflictView {
  const savedAt = options.lastSave?.at ?? new Date(conflict.version);
  const savedBy = options.lastSave?.by ?? null;
  return {
    reason: conflict.reason,
    version: conflict.version,
    savedBy,
    savedByYou: savedBy !== null && savedBy === options.editor,
    savedAt: savedAt.toISOString(),
    savedAtLabel: formatDate(savedAt, "precise"),
    savedAction: options.lastSave?.action ?? null,
    fields: diffRevisions(conflict.theirs, options.mine, options.fields).filter((field) => field.changed),
  };
}
