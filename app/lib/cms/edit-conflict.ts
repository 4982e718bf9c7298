/**
 * Two editors on one item: an editor's form carries the version it
 * was opened on, and a save over a newer change is refused with what changed, so the editor
 * chooses rather than silently overwriting. Shared by the server's check
 * (server/publishing/edit-conflicts.server.ts) and the editor's dialog
 * (components/cms/editor/edit-conflict-dialog.tsx).
 */
import type { FieldDiff } from "./revision-diff";

/** The hidden field with the version (the item's updated-at time) the form was opened on. */
export const BASE_VERSION_FIELD = "baseVersion";

export const EDIT_CONFLICT_MESSAGES = {
  changed: "Someone else saved this after you opened it. Nothing was saved: choose which version to keep.",
  unknown:
    "This form did not say which version it was opened on (it may be from before an update of the site). Nothing was saved: choose which version to keep.",
} as const;

/** What a refused save tells the editor: who saved last, when, and how their version differs. */
export interface EditConflictView {
  /** "changed": saved since the form was opened; "unknown": the form carried no version. */
  reason: keyof typeof EDIT_CONFLICT_MESSAGES;
  /** The version stored now: "Keep my version" sends the form again with it. */
  version: string;
  /** The e-mail of whoever saved last (null when no save was recorded, e.g. seeded content). */
  savedBy: string | null;
  /** Whether that was the editor themself (in another tab or window). */
  savedByYou: boolean;
  savedAt: string;
  savedAtLabel: string;
  /** What that save did ("Saved draft", "Published" ...), null when unknown. */
  savedAction: string | null;
  /** The fields where their version and the form differ: "removed" parts are theirs only, "added" the editor's only. */
  fields: FieldDiff[];
}

/** The action's answer (409) to a save over a newer change. */
export interface EditConflictFailure {
  ok: false;
  intent: string;
  errors: { form: string };
  conflict: EditConflictView;
}

export function isEditConflict(result: unknown): result is EditConflictFailure {
  return typeof result === "object" && result !== null && "conflict" in result && Boolean(result.conflict);
}
