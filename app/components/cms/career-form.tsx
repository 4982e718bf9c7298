/**
 * The job-opening editor (/cms/careers/new and /cms/careers/{id}; issue 17, decision 017): the
 * Careers tab's fields, the description in the rich-text editor, and Save draft / Publish /
 * Unpublish / Schedule. Enter and Ctrl/Cmd+S save the draft; leaving with changes asks first.
 * What is typed is kept in this browser until saved and offered back after a crash or a closed tab;
 * a save over someone else's newer one is refused and the collision dialog lets the editor choose.
 */
import { ArrowLeftIcon } from "lucide-react";
import { useId, useRef } from "react";
import { Form, Link } from "react-router";
import { CsrfInput } from "~/components/cms/csrf-input";
import { RichTextEditor } from "~/components/cms/rich-text/rich-text-field";
import type { PageOption, PlaceholderOption } from "~/components/cms/rich-text/types";
import { FormAlert, SelectField, TextareaField, TextField } from "~/components/ui/form-field";
import { CAREER_TYPES } from "~/lib/enums";
import { CAREER_LIMITS } from "~/lib/schemas/careers";
import { EditConflictDialog } from "./edit-conflict-dialog";
import { useAutosave } from "./local-draft/use-autosave";
import { usePickImage } from "./media/use-pick-image";
import { CancelScheduleForm, PublishingActions } from "./publishing-panel";
import type { EditorPublishing } from "./publishing-status";
import { useSaveShortcut } from "./use-save-shortcut";
import { useUnsavedChanges } from "./use-unsaved-changes";

/** A job opening as the editor shows it: its working copy (the pending draft over the live row). */
export interface EditableCareer {
  id: string;
  /** The version the form is opened on, posted back so a save over a newer one is refused. */
  version: string;
  isActive: boolean;
  title: string;
  department: string;
  location: string;
  type: string;
  experience: string;
  /** The description's HTML (a never-edited opening's plain text as paragraphs). */
  descriptionHtml: string;
  document: unknown;
  /** One requirement per line. */
  requirements: string;
}

export function CareerEditor({
  career,
  publishing,
  errors,
  richText,
  refused,
}: {
  career: EditableCareer | null;
  publishing: EditorPublishing | null;
  /** The save's messages by field ("form" for the whole form). */
  errors: Record<string, string>;
  richText: { placeholders: PlaceholderOption[]; pages: PageOption[] };
  /** The values of a save the server refused, shown again so that nothing typed is lost without JavaScript. */
  refused?: Record<string, string>;
}) {
  const id = useId();
  const { pickImage, picker } = usePickImage();
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef, career);
  useSaveShortcut(formRef, { anywhere: true });
  // What is typed is kept in this browser until saved, and offered back after a crash (issue 17).
  const restoreOffer = useAutosave(formRef, `career:${career?.id ?? "new"}`);
  const field = (name: string) => ({ id: `${id}-${name}`, name, error: errors[name] });
  // What the form starts with: what was typed into a refused save, else what is saved.
  const initial = (name: keyof EditableCareer & string, saved: string) => refused?.[name] ?? saved;
  const heading = career ? "Edit Career" : "Add New Career";

  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to="/cms/careers"
          className="inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          Back
        </Link>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {heading}
        </h2>
      </div>

      <div className="mt-4 empty:hidden">{restoreOffer}</div>

      <Form ref={formRef} method="post" noValidate className="mt-6 grid gap-6 lg:grid-cols-3">
        <CsrfInput />
        <FormAlert className="font-medium lg:col-span-3">{errors.form}</FormAlert>
        {/* Two editors on one opening: the opened version, and the choice when someone saved since. */}
        {career ? (
          <EditConflictDialog
            formRef={formRef}
            version={career.version}
            copyKey={`career:${career.id}`}
            subject="job opening"
          />
        ) : null}
        <div className="grid content-start gap-4 lg:col-span-2">
          <TextField
            {...field("title")}
            label="Title *"
            defaultValue={initial("title", career?.title ?? "")}
            maxLength={CAREER_LIMITS.title}
            aria-required="true"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              {...field("department")}
              label="Department"
              defaultValue={initial("department", career?.department ?? "")}
              maxLength={CAREER_LIMITS.department}
            />
            <TextField
              {...field("location")}
              label="Location"
              defaultValue={initial("location", career?.location ?? "")}
              maxLength={CAREER_LIMITS.location}
            />
            <SelectField
              {...field("type")}
              label="Type"
              defaultValue={initial("type", career?.type ?? "Full-time") as (typeof CAREER_TYPES)[number]}
              options={CAREER_TYPES}
            />
            <TextField
              {...field("experience")}
              label="Experience"
              defaultValue={initial("experience", career?.experience ?? "")}
              placeholder="3+ years"
              maxLength={CAREER_LIMITS.experience}
            />
          </div>
          <RichTextEditor
            name="description"
            label="Description"
            error={errors.description}
            hint={<>Headings, lists and links show on the job page. {"{{key}}"} inserts a public site setting.</>}
            initialHtml={refused?.description ?? career?.descriptionHtml ?? ""}
            initialDocument={refused ? null : (career?.document ?? null)}
            placeholders={richText.placeholders}
            pages={richText.pages}
            pickImage={pickImage}
          />
          {picker}
          <TextareaField
            {...field("requirements")}
            label="Requirements (one per line)"
            rows={5}
            defaultValue={initial("requirements", career?.requirements ?? "")}
            maxLength={CAREER_LIMITS.requirementsText}
          />
        </div>
        <PublishingActions
          publishing={publishing}
          isActive={career?.isActive ?? false}
          idPrefix={id}
          errors={errors}
          refused={refused}
        />
      </Form>
      <CancelScheduleForm publishing={publishing} idPrefix={id} />
    </section>
  );
}
