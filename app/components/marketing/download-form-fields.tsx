import { FormAlert, TextField } from "~/components/ui/form-field";
import { DOWNLOAD_LIMITS } from "~/lib/schemas/download";

export type DownloadField = "name" | "email";

/** What the form says above its fields, in the dialog and on the download page. */
export const DOWNLOAD_FORM_INTRO =
  "Tell us your name and e-mail address and the PDF downloads straight away. We keep your details so that our team can follow up on your interest";

const FIELDS = [
  { name: "name", label: "Name", autoComplete: "name" },
  { name: "email", type: "email", label: "Email", autoComplete: "email" },
] as const;

/**
 * The download form's message and fields (name and e-mail), shared by the dialog on the marketing
 * pages and the download page that works without JavaScript; each wraps them in its own form.
 */
export function DownloadFormFields({
  idPrefix,
  formError,
  errors,
  values,
  onFieldChange,
}: {
  idPrefix: string;
  formError?: string | null;
  errors: Partial<Record<DownloadField, string>>;
  /** What was typed before, when the page is sent back with messages. */
  values?: Partial<Record<DownloadField, string>>;
  onFieldChange?: (field: DownloadField, value: string) => void;
}) {
  return (
    <>
      <FormAlert>{formError}</FormAlert>
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          id={`${idPrefix}-${field.name}`}
          {...field}
          required
          maxLength={DOWNLOAD_LIMITS[field.name]}
          defaultValue={values?.[field.name]}
          error={errors[field.name]}
          onChange={onFieldChange ? (event) => onFieldChange(field.name, event.currentTarget.value) : undefined}
        />
      ))}
    </>
  );
}
