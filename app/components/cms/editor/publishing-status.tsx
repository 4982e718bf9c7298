import { Button } from "~/components/ui/button";
import type { ScheduledActionView } from "~/routes/cms/scheduled.server";

/** Where an item stands (content-publishing.server.ts `publishingState`) and what is scheduled for it. */
export interface EditorPublishing {
  state: "draft" | "published" | "changed" | "archived";
  scheduled: ScheduledActionView[];
}

const STATE_LABELS: Record<EditorPublishing["state"], string> = {
  draft: "Draft",
  published: "Published",
  changed: "Published with unpublished changes",
  archived: "Archived",
};

/**
 * The editor's status line: Draft, Published, Published with unpublished changes, and
 * each pending scheduled action with its time in London and a Cancel (a button of the form
 * `cancelFormId`, which sends its id as scheduleId).
 */
export function PublishingStatus({
  publishing,
  cancelFormId,
}: {
  publishing: EditorPublishing | null;
  cancelFormId: string;
}) {
  return (
    <div className="grid gap-2 text-sm" data-testid="publishing-status">
      <p>
        Status: <strong>{publishing ? STATE_LABELS[publishing.state] : "New draft"}</strong>
      </p>
      {publishing?.state === "changed" ? (
        <p className="text-muted-foreground">The public page shows the last published version until you publish.</p>
      ) : null}
      {publishing?.scheduled.map((scheduled) => (
        <div key={scheduled.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted p-2">
          <p>
            Scheduled to {scheduled.action.toLowerCase()} at{" "}
            <time dateTime={scheduled.runAt}>{scheduled.runAtLabel}</time>, by{" "}
            <span className="break-all">{scheduled.by}</span>
          </p>
          <Button
            type="submit"
            form={cancelFormId}
            name="scheduleId"
            value={scheduled.id}
            variant="outline"
            size="sm"
            aria-label={`Cancel the scheduled ${scheduled.action.toLowerCase()}`}
          >
            Cancel
          </Button>
        </div>
      ))}
    </div>
  );
}
