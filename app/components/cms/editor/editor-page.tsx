/**
 * The part of an editor's route module that every kind shares: reading what the save answered,
 * and the page around the editor with the item's revision history below it.
 */
import { Fragment, type ReactNode } from "react";
import { RevisionHistory } from "~/components/cms/editor/revision-history";

type History = Parameters<typeof RevisionHistory>[0];

/** The save's messages by field, and the values of a save the server refused (to show them again). */
export function saveResult(result: { errors?: Record<string, string>; values?: Record<string, string> } | undefined) {
  return { errors: result?.errors ?? {}, refused: result?.values };
}

export function EditorPage({
  itemId,
  history,
  children,
}: {
  /** The item's id; undefined for a new one. */
  itemId: string | undefined;
  history: History | null;
  /** The kind's editor. */
  children: ReactNode;
}) {
  return (
    <>
      {/* Keyed by the item and its latest revision, so the form starts again from what was saved after a restore. */}
      <Fragment key={`${itemId ?? "new"}:${history?.revisions[0]?.id ?? ""}`}>{children}</Fragment>
      {history ? <RevisionHistory revisions={history.revisions} comparison={history.comparison} /> : null}
    </>
  );
}
