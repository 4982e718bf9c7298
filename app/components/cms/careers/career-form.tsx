/**
 * The job-opening editor (/cms/careers/new and /cms/careers/{id}; decision 017): the editor shell
 * around the Careers tab's fields, with the description in the rich-text editor.
 */
import { useId } from "react";
import { EditorShell, type EditorProps } from "~/components/cms/editor/editor-shell";
import { RichTextEditor } from "~/components/cms/editor/rich-text/rich-text-field";
import { SelectField, TextareaField, TextField } from "~/components/ui/form-field";
import { CAREER_TYPES } from "~/lib/enums";
import { CAREER_LIMITS } from "~/lib/schemas/careers";
import { usePickImage } from "../media/use-pick-image";

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

export function CareerEditor({ career, ...props }: EditorProps & { career: EditableCareer | null }) {
  return (
    <EditorShell
      kind="career"
      item={career}
      heading={career ? "Edit Career" : "Add New Career"}
      backTo="/cms/careers"
      subject="job opening"
      publishing={props.publishing}
      live={career?.isActive ?? false}
      errors={props.errors}
      refused={props.refused}
    >
      <CareerFields career={career} {...props} />
    </EditorShell>
  );
}

/** The form's main column: the opening's fields. */
function CareerFields({ career, errors, richText, refused }: EditorProps & { career: EditableCareer | null }) {
  const id = useId();
  const { pickImage, picker } = usePickImage();
  const field = (name: string) => ({ id: `${id}-${name}`, name, error: errors[name] });
  // What the form starts with: what was typed into a refused save, else what is saved.
  const initial = (name: keyof EditableCareer & string, saved: string) => refused?.[name] ?? saved;

  return (
    <>
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
    </>
  );
}
