/**
 * The course editor (/cms/courses/new and /cms/courses/{id}; issue 17, decision 017): every field
 * of a training course, the description in the rich-text editor, and Save draft / Publish /
 * Unpublish / Schedule. Enter and Ctrl/Cmd+S save the draft; leaving with changes asks first.
 * What is typed is kept in this browser until saved and offered back after a crash or a closed tab;
 * a save over someone else's newer one is refused and the collision dialog lets the editor choose.
 */
import { ArrowLeftIcon } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Form, Link, useActionData } from "react-router";
import { CsrfInput } from "~/components/cms/csrf-input";
import { RichTextEditor } from "~/components/cms/rich-text/rich-text-field";
import type { PageOption, PlaceholderOption } from "~/components/cms/rich-text/types";
import { FormAlert, TextareaField, TextField } from "~/components/ui/form-field";
import { COURSE_LIMITS } from "~/lib/schemas/courses";
import { EditConflictDialog } from "./edit-conflict-dialog";
import { useAutosave } from "./local-draft/use-autosave";
import { usePickImage } from "./media/use-pick-image";
import { CancelScheduleForm, PublishingActions } from "./publishing-panel";
import type { EditorPublishing } from "./publishing-status";
import { useSaveShortcut } from "./use-save-shortcut";
import { useUnsavedChanges } from "./use-unsaved-changes";

/** A course as the editor shows it: its working copy, numbers as text (the form reads "£1,299.50"). */
export interface EditableCourse {
  id: string;
  /** The version the form is opened on, posted back so a save over a newer one is refused. */
  version: string;
  isActive: boolean;
  name: string;
  /** The description's HTML (a never-edited course's plain text as paragraphs). */
  descriptionHtml: string;
  document: unknown;
  duration: string;
  level: string;
  price: string;
  originalPrice: string;
  rating: string;
  students: string;
  emoji: string;
  /** One feature per line. */
  features: string;
  instructor: string;
  lastUpdated: string;
}

export function CourseEditor({
  course,
  publishing,
  errors,
  richText,
  refused,
}: {
  course: EditableCourse | null;
  publishing: EditorPublishing | null;
  errors: Record<string, string>;
  richText: { placeholders: PlaceholderOption[]; pages: PageOption[] };
  /** The values of a save the server refused, shown again so that nothing typed is lost without JavaScript. */
  refused?: Record<string, string>;
}) {
  const id = useId();
  const { pickImage, picker } = usePickImage();
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef, course);
  useSaveShortcut(formRef, { anywhere: true });
  // What is typed is kept in this browser until saved, and offered back after a crash (issue 17).
  const restoreOffer = useAutosave(formRef, `course:${course?.id ?? "new"}`);
  const actionData = useActionData<{ errors?: Record<string, string> }>();

  // A refused save moves focus to the first field to correct, so its message is read out with it.
  useEffect(() => {
    if (!actionData?.errors) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [actionData]);

  const field = (name: Exclude<keyof EditableCourse, "id" | "isActive" | "descriptionHtml" | "document">) => ({
    id: `${id}-${name}`,
    name,
    error: errors[name],
    // What was typed into a refused save, else what is saved.
    defaultValue: refused?.[name] ?? course?.[name] ?? "",
  });

  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to="/cms/courses"
          className="inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          Back
        </Link>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {course ? "Edit Course" : "Add New Course"}
        </h2>
      </div>

      <div className="mt-4 empty:hidden">{restoreOffer}</div>

      <Form ref={formRef} method="post" noValidate className="mt-6 grid gap-6 lg:grid-cols-3">
        <CsrfInput />
        <FormAlert className="font-medium lg:col-span-3">{errors.form}</FormAlert>
        {/* Two editors on one course: the opened version, and the choice when someone saved since. */}
        {course ? (
          <EditConflictDialog
            formRef={formRef}
            version={course.version}
            copyKey={`course:${course.id}`}
            subject="course"
          />
        ) : null}
        <div className="grid content-start gap-4 lg:col-span-2">
          <p className="text-sm text-muted-foreground">Fields marked * are required.</p>
          <TextField {...field("name")} label="Name *" maxLength={COURSE_LIMITS.name} aria-required="true" />
          <RichTextEditor
            name="description"
            label="Description *"
            error={errors.description}
            hint={<>The course card on the training page shows it. {"{{key}}"} inserts a public site setting.</>}
            initialHtml={refused?.description ?? course?.descriptionHtml ?? ""}
            initialDocument={refused ? null : (course?.document ?? null)}
            placeholders={richText.placeholders}
            pages={richText.pages}
            pickImage={pickImage}
          />
          {picker}
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <TextField
              {...field("duration")}
              label="Duration *"
              placeholder="40 hours"
              maxLength={COURSE_LIMITS.duration}
              aria-required="true"
            />
            <TextField
              {...field("level")}
              label="Level *"
              placeholder="Intermediate"
              maxLength={COURSE_LIMITS.level}
              aria-required="true"
            />
            {/* Text rather than number inputs, so "£1,299.50" can be typed; the server reads it. */}
            <TextField
              {...field("price")}
              label="Price (£) *"
              inputMode="decimal"
              autoComplete="off"
              aria-required="true"
            />
            <TextField
              {...field("originalPrice")}
              label="Original price (£)"
              hint="The price before the saving; leave empty for none."
              inputMode="decimal"
              autoComplete="off"
            />
            <TextField {...field("rating")} label="Rating (0–5)" inputMode="decimal" autoComplete="off" />
            <TextField {...field("students")} label="Students" inputMode="numeric" autoComplete="off" />
            <TextField {...field("emoji")} label="Emoji" maxLength={COURSE_LIMITS.emoji} autoComplete="off" />
            <TextField
              {...field("lastUpdated")}
              label="Last updated"
              placeholder="June 2025"
              maxLength={COURSE_LIMITS.lastUpdated}
            />
          </div>
          <TextField {...field("instructor")} label="Instructor" maxLength={COURSE_LIMITS.instructor} />
          <TextareaField
            {...field("features")}
            label="Features (one per line)"
            hint="The course card shows the first three."
            rows={5}
            maxLength={COURSE_LIMITS.featuresText}
          />
        </div>
        <PublishingActions
          publishing={publishing}
          isActive={course?.isActive ?? false}
          idPrefix={id}
          errors={errors}
          refused={refused}
        />
      </Form>
      <CancelScheduleForm publishing={publishing} idPrefix={id} />
    </section>
  );
}
