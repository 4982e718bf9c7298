/** The offer to bring back what was typed into a form before a crash, a closed tab or a reload. */
import { HistoryIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/text/format";
import type { LocalDraft } from "./use-local-draft";

export function RestoreDraftNotice({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: LocalDraft | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  if (!draft) return null;
  return (
    <section
      aria-label="Unsaved changes"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-500/60 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="flex items-center gap-2">
        <HistoryIcon aria-hidden="true" className="size-4 shrink-0" />
        <span>
          This browser kept changes you had not saved, from {formatDate(draft.savedAt, "dateTime")}. Restore them to
          carry on where you left off.
        </span>
      </p>
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={onRestore}>
          Restore unsaved changes
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDiscard}>
          Discard them
        </Button>
      </div>
    </section>
  );
}
