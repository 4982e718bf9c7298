/**
 * The add/edit form of the CMS Careers tab (routes/cms/careers.tsx), shown in its dialog. It has
 * its own fetcher, so each opening starts afresh, and closes the dialog once the save worked.
 */
import { useId, useRef } from "react";
import { CsrfInput } from "~/components/cms/csrf-input";
import { SwitchField } from "~/components/cms/switch-field";
import { useCmsFormFetcher } from "~/components/cms/use-close-on-success";
import { Button } from "~/components/ui/button";
import { DialogClose, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { SelectField, TextareaField, TextField } from "~/components/ui/form-field";
import { CAREER_TYPES, type CareerType } from "~/lib/enums";
import { CAREER_LIMITS, requirementsToText } from "~/lib/schemas/careers";
import { useSaveShortcut } from "./use-save-shortcut";
import { useUnsavedChanges } from "./use-unsaved-changes";

/** A career as the form edits it. */
export interface EditableCareer {
  id: string;
  title: string;
  department: string | null;
  location: string | null;
  type: CareerType;
  experience: string | null;
  description: string | null;
  requirements: string[];
  isActive: boolean;
}

export function CareerForm({ career, onSaved }: { career: EditableCareer | null; onSaved: () => void }) {
  const { fetcher, errors, busy } = useCmsFormFetcher(onSaved);
  const id = useId();
  const field = (name: string) => ({ id: `${id}-${name}`, name, error: errors[name] });
  // Ask before leaving with unsaved changes; Ctrl/Cmd+S saves (issue 17).
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef, career);
  useSaveShortcut(formRef);

  return (
    <>
      <DialogTitle>{career ? "Edit Career" : "Add New Career"}</DialogTitle>
      <DialogDescription>
        {career
          ? "Change this job opening and save it."
          : "Describe the job opening; only the title must be filled in."}
      </DialogDescription>
      <fetcher.Form ref={formRef} method="post" className="grid gap-4" noValidate>
        <CsrfInput />
        <input type="hidden" name="intent" value={career ? "update" : "create"} />
        {career ? <input type="hidden" name="id" value={career.id} /> : null}
        <TextField
          {...field("title")}
          label="Title"
          defaultValue={career?.title ?? ""}
          maxLength={CAREER_LIMITS.title}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...field("department")}
            label="Department"
            defaultValue={career?.department ?? ""}
            maxLength={CAREER_LIMITS.department}
          />
          <TextField
            {...field("location")}
            label="Location"
            defaultValue={career?.location ?? ""}
            maxLength={CAREER_LIMITS.location}
          />
          <SelectField
            {...field("type")}
            label="Type"
            defaultValue={career?.type ?? "Full-time"}
            options={CAREER_TYPES}
          />
          <TextField
            {...field("experience")}
            label="Experience"
            defaultValue={career?.experience ?? ""}
            placeholder="3+ years"
            maxLength={CAREER_LIMITS.experience}
          />
        </div>
        <TextareaField
          {...field("description")}
          label="Description"
          rows={4}
          defaultValue={career?.description ?? ""}
          maxLength={CAREER_LIMITS.description}
        />
        <TextareaField
          {...field("requirements")}
          label="Requirements (one per line)"
          rows={5}
          defaultValue={requirementsToText(career?.requirements)}
          maxLength={CAREER_LIMITS.requirementsText}
        />
        <SwitchField id={`${id}-active`} name="isActive" label="Active" defaultChecked={career?.isActive ?? true} />
        {errors.form ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.form}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : career ? "Update" : "Create"}
          </Button>
        </div>
      </fetcher.Form>
    </>
  );
}
