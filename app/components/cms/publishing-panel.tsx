import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { CsrfInput } from "./csrf-input";
import { PublishingStatus, type EditorPublishing } from "./publishing-status";

/**
 * The job-opening and course editors' Save draft / Publish / Unpublish buttons and their schedule
 * (issue 17, decision 017), for a form whose item is published while active. The first button is
 * what Enter and Ctrl/Cmd+S press: Save draft, which never publishes.
 */
export function PublishingActions({
  publishing,
  isActive,
  idPrefix,
  errors,
  refused,
}: {
  /** Where the item stands and what is scheduled for it (null for a new item). */
  publishing: EditorPublishing | null;
  isActive: boolean;
  idPrefix: string;
  errors: Record<string, string>;
  /** The values of a save the server refused, shown again so that nothing typed is lost without JavaScript. */
  refused?: Record<string, string>;
}) {
  const navigation = useNavigation();
  // Which of the buttons sent the form that is on its way, if any.
  const sending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const busy = Boolean(sending);
  return (
    <div className="grid content-start gap-6">
      <div className="grid gap-2" role="group" aria-label="Save and publish">
        <Button type="submit" name="intent" value="save" variant="outline" disabled={busy} data-save>
          {sending === "save" ? "Saving..." : "Save draft"}
        </Button>
        <Button type="submit" name="intent" value="publish" disabled={busy}>
          {sending === "publish" ? "Publishing..." : publishing?.state === "changed" ? "Publish changes" : "Publish"}
        </Button>
        {isActive ? (
          <Button type="submit" name="intent" value="unpublish" variant="outline" disabled={busy}>
            {sending === "unpublish" ? "Unpublishing..." : "Unpublish"}
          </Button>
        ) : null}
      </div>
      <fieldset className="grid gap-4 rounded-md border p-4">
        <legend className="px-1 text-sm font-semibold">Publishing</legend>
        <PublishingStatus publishing={publishing} cancelFormId={`${idPrefix}-cancel-schedule`} />
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
        <Button type="submit" name="intent" value="schedule" variant="outline" disabled={busy}>
          {sending === "schedule" ? "Scheduling..." : "Schedule"}
        </Button>
      </fieldset>
    </div>
  );
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
    <Form method="post" id={`${idPrefix}-cancel-schedule`}>
      <CsrfInput />
      <input type="hidden" name="intent" value="cancel-schedule" />
    </Form>
  );
}
