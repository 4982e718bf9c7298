/**
 * An editor's publishing controls (decision 017): Save draft / Publish / Unpublish, the schedule
 * with the item's status line, and the form the status line's Cancel buttons send. The editor
 * shell (editor/editor-shell.tsx) lays them out in the form's side column.
 */
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { CsrfInput } from "../kit/csrf-input";
import { PublishingStatus, type EditorPublishing } from "./publishing-status";

/** Which of the editor's buttons sent the form that is on its way, if any. */
function useSendingIntent() {
  const navigation = useNavigation();
  return navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
}

/**
 * The first submit button is what Enter in a field and Ctrl/Cmd+S press: Save draft, which never
 * publishes. The actions come first in the side column, as in WordPress's Publish box.
 */
export function SaveButtons({ publishing, live }: { publishing: EditorPublishing | null; live: boolean }) {
  const sending = useSendingIntent();
  const busy = Boolean(sending);
  return (
    <div className="grid gap-2" role="group" aria-label="Save and publish">
      <Button type="submit" name="intent" value="save" variant="outline" disabled={busy} data-save>
        {sending === "save" ? "Saving..." : "Save draft"}
      </Button>
      <Button type="submit" name="intent" value="publish" disabled={busy}>
        {sending === "publish" ? "Publishing..." : publishing?.state === "changed" ? "Publish changes" : "Publish"}
      </Button>
      {live ? (
        <Button type="submit" name="intent" value="unpublish" variant="outline" disabled={busy}>
          {sending === "unpublish" ? "Unpublishing..." : "Unpublish"}
        </Button>
      ) : null}
    </div>
  );
}

export function ScheduleFieldset({
  publishing,
  idPrefix,
  errors,
  refused,
  children,
}: {
  /** Where the item stands and what is scheduled for it (null for a new item). */
  publishing: EditorPublishing | null;
  idPrefix: string;
  errors: Record<string, string>;
  /** The values of a save the server refused, shown again so that nothing typed is lost without JavaScript. */
  refused?: Record<string, string>;
  /** A kind's own publishing fields, first in the set (the content type). */
  children?: ReactNode;
}) {
  const sending = useSendingIntent();
  return (
    <fieldset className="grid gap-4 rounded-md border p-4">
      <legend className="px-1 text-sm font-semibold">Publishing</legend>
      {children}
      <PublishingStatus publishing={publishing} cancelFormId={cancelScheduleFormId(idPrefix)} />
      <TextField
        id={`${idPrefix}-publishAt`}
        name="publishAt"
        error={errors.publishAt}
        defaultValue={refused?.publishAt}
        label="Publish at (London time)"
        type="datetime-local"
        hint="Schedule saves the form as a draft, then publishes it at this time."
      />
      <TextField
        id={`${idPrefix}-unpublishAt`}
        name="unpublishAt"
        error={errors.unpublishAt}
        defaultValue={refused?.unpublishAt}
        label="Unpublish at (London time)"
        type="datetime-local"
      />
      <Button type="submit" name="intent" value="schedule" variant="outline" disabled={Boolean(sending)}>
        {sending === "schedule" ? "Scheduling..." : "Schedule"}
      </Button>
    </fieldset>
  );
}

function cancelScheduleFormId(idPrefix: string) {
  return `${idPrefix}-cancel-schedule`;
}

/** The form the status line's Cancel buttons belong to (form=), outside the editor's form: forms cannot nest. */
export function CancelScheduleForm({
  publishing,
  idPrefix,
}: {
  publishing: EditorPublishing | null;
  idPrefix: string;
}) {
  if (!publishing?.scheduled.length) return null;
  return (
    <Form method="post" id={cancelScheduleFormId(idPrefix)}>
      <CsrfInput />
      <input type="hidden" name="intent" value="cancel-schedule" />
    </Form>
  );
}
