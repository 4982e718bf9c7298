/**
 * The course editor (/cms/courses/new and /cms/courses/{id}; decision 017): the editor shell
 * around every field of a training course, with the description in the rich-text editor.
 */
import { useId } from "react";
import { EditorShell, type EditorProps } from "~/components/cms/editor/editor-shell";
import { RichTextEditor } from "~/components/cms/editor/rich-text/rich-text-field";
import { TextareaField, TextField } from "~/components/ui/form-field";
import { COURSE_LIMITS } from "~/lib/schemas/courses";
import { usePickImage } from "../media/use-pick-image";

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

export function CourseEditor({ course, ...props }: EditorProps & { course: EditableCourse | null }) {
  return (
    <EditorShell
      kind="course"
      item={course}
      heading={course ? "Edit Course" : "Add New Course"}
      backTo="/cms/courses"
      subject="course"
      publishing={props.publishing}
      live={course?.isActive ?? false}
      errors={props.errors}
      refused={props.refused}
      focusFirstError
    >
      <CourseFields course={course} {...props} />
    </EditorShell>
  );
}

/** The form's main column: the course's fields. */
function CourseFields({ course, errors, richText, refused }: EditorProps & { course: EditableCourse | null }) {
  const id = useId();
  const { pickImage, picker } = usePickImage();
  const field = (name: Exclude<keyof EditableCourse, "id" | "isActive" | "descriptionHtml" | "document">) => ({
    id: `${id}-${name}`,
    name,
    error: errors[name],
    // What was typed into a refused save, else what is saved.
    defaultValue: refused?.[name] ?? course?.[name] ?? "",
  });

  return (
    <>
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
    </>
  );
}
