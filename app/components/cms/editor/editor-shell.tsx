/**
 * What the content, job-opening and course editors share (decision 017): the back link and
 * heading, the offer to restore what this browser kept, and one form with its anti-forgery token,
 * its alert, the edit-conflict dialog, the kind's fields in the main column and the publishing
 * controls in the side column. Enter and Ctrl/Cmd+S save the draft; leaving with changes asks
 * first. What is typed is kept in this browser until saved and offered back after a crash or a
 * closed tab; a save over someone else's newer one is refused and the conflict dialog lets the
 * editor choose.
 */
import { useRef, useId, type ReactNode, type RefObject } from "react";
import { Form } from "react-router";
import { CsrfInput } from "~/components/cms/kit/csrf-input";
import { EditConflictDialog } from "~/components/cms/editor/edit-conflict-dialog";
import { useAutosave } from "~/components/cms/editor/local-draft/use-autosave";
import type { PageOption, PlaceholderOption } from "~/components/cms/editor/rich-text/types";
import { CancelScheduleForm, SaveButtons, ScheduleFieldset } from "~/components/cms/editor/publishing-panel";
import type { EditorPublishing } from "~/components/cms/editor/publishing-status";
import { useSaveShortcut } from "~/components/cms/kit/use-save-shortcut";
import { useUnsavedChanges } from "~/components/cms/kit/use-unsaved-changes";
import { FormAlert } from "~/components/ui/form-field";
import { BackLink } from "./back-link";
import { useFocusFirstError } from "./use-focus-first-error";

/** The columns of an editor's form. With a live preview beside it, the form is laid out by its own width. */
const LAYOUTS = {
  page: { form: "mt-6 grid gap-6 lg:grid-cols-3", alert: "font-medium lg:col-span-3", main: "lg:col-span-2" },
  container: { form: "grid gap-6 @4xl:grid-cols-3", alert: "font-medium @4xl:col-span-3", main: "@4xl:col-span-2" },
};

export interface EditorShellProps {
  /** With the item's id (or "new"), names what this browser keeps of the form: `career:<id>`. */
  kind: string;
  /** The item as opened (null for a new one), and the version a save is based on. */
  item: { id: string; version?: string } | null;
  heading: string;
  /** The tab's list the back link returns to. */
  backTo: string;
  /** What the conflict dialog's title calls the item ("page", "job opening", "course"). */
  subject?: string;
  publishing: EditorPublishing | null;
  /** Whether the item is on the public site now (Unpublish is offered). */
  live: boolean;
  /** The save's messages by field ("form" for the whole form). */
  errors: Record<string, string>;
  /** The values of a save the server refused, shown again so that nothing typed is lost without JavaScript. */
  refused?: Record<string, string>;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  /** A kind's own panels in the side column, around the schedule and inside it. */
  panels?: { beforeSchedule?: ReactNode; inSchedule?: ReactNode; afterSchedule?: ReactNode };
  /** An editor with a live preview: its panel, or null while it is closed. */
  livePreview?: { panel: ReactNode | null };
  /** The form, when the caller needs it too (the live preview reads it). */
  formRef?: RefObject<HTMLFormElement | null>;
  /** Move the focus to the first field to correct after a refused save. */
  focusFirstError?: boolean;
  /** The kind's fields: the form's main column. */
  children: ReactNode;
}

export function EditorShell(props: EditorShellProps) {
  const { kind, item, errors, publishing } = props;
  const id = useId();
  const ownFormRef = useRef<HTMLFormElement>(null);
  const formRef = props.formRef ?? ownFormRef;
  const itemKey = `${kind}:${item?.id ?? "new"}`;
  // A save reloads `item`: the form's saved state starts again from it.
  useUnsavedChanges(formRef, item);
  useSaveShortcut(formRef, { anywhere: true });
  const restoreOffer = useAutosave(formRef, itemKey);
  useFocusFirstError(formRef, props.focusFirstError ?? false);
  const layout = props.livePreview ? LAYOUTS.container : LAYOUTS.page;

  const form = (
    <Form ref={formRef} method="post" noValidate className={layout.form}>
      <CsrfInput />
      <FormAlert className={layout.alert}>{errors.form}</FormAlert>
      {/* Two editors on one item: the opened version, and the choice when someone saved since. */}
      {item ? (
        <EditConflictDialog formRef={formRef} version={item.version ?? ""} copyKey={itemKey} subject={props.subject} />
      ) : null}
      <div className={`grid content-start gap-4 ${layout.main}`}>{props.children}</div>
      <div className="grid content-start gap-6">
        <SaveButtons publishing={publishing} live={props.live} />
        {props.panels?.beforeSchedule}
        <ScheduleFieldset publishing={publishing} idPrefix={id} errors={errors} refused={props.refused}>
          {props.panels?.inSchedule}
        </ScheduleFieldset>
        {props.panels?.afterSchedule}
      </div>
    </Form>
  );

  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <BackLink to={props.backTo} />
          <h2 id={`${id}-heading`} className="text-lg font-semibold">
            {props.heading}
          </h2>
        </div>
        {props.actions ? <div className="flex flex-wrap items-center gap-2">{props.actions}</div> : null}
      </div>

      <div className="mt-4 empty:hidden">{restoreOffer}</div>

      {props.livePreview ? (
        // Beside the form on wide screens, above it on narrow ones.
        <div className={props.livePreview.panel ? "mt-6 grid gap-6 xl:grid-cols-2 xl:items-start" : "mt-6"}>
          <div className="@container min-w-0">{form}</div>
          {props.livePreview.panel}
        </div>
      ) : (
        form
      )}
      <CancelScheduleForm publishing={publishing} idPrefix={id} />
    </section>
  );
}

/** What each kind's editor is handed by its route, besides its item. */
export interface EditorProps {
  publishing: EditorPublishing | null;
  errors: Record<string, string>;
  /** The rich-text editor's settings (placeholder chips) and pages (link dialog). */
  richText: { placeholders: PlaceholderOption[]; pages: PageOption[] };
  refused?: Record<string, string>;
}
