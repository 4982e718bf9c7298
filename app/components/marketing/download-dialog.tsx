import { useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { showToast } from "~/components/ui/toaster";
import type { DownloadAction } from "~/content/types";
import { fieldErrors } from "~/lib/schemas/field-errors";
import { DOWNLOAD_MESSAGES, downloadFormValues, downloadRequestSchema } from "~/lib/schemas/download";
import { DOWNLOAD_FORM_INTRO, DownloadFormFields, type DownloadField as FieldName } from "./download-form-fields";

/** The body of an error answer from /downloads/<id> (see app/routes/site/download.tsx). */
interface ErrorBody {
  error?: string;
  fieldErrors?: Partial<Record<FieldName, string>>;
}

/** Saves a file the page received, as if the visitor had followed a link to it. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken its copy once the download starts; a minute is ample.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The file name the server gave in Content-Disposition, if any. */
function attachmentName(response: Response): string | undefined {
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
  return match?.[1];
}

async function readErrorBody(response: Response): Promise<ErrorBody> {
  if (!(response.headers.get("Content-Type") ?? "").includes("application/json")) return {};
  try {
    return (await response.json()) as ErrorBody;
  } catch {
    return {};
  }
}

/**
 * The download form in a dialog: name and e-mail, checked here with the server's own schema, then
 * posted with fetch. The PDF that comes back is saved, the dialog closes and a toast confirms; the
 * server's field messages (400) or refusal (429 and others) show in the dialog.
 */
export default function DownloadDialog({
  action,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  action: DownloadAction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog; focus goes back to it on close. */
  returnFocusTo: React.RefObject<HTMLElement | null>;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const endpoint = `/downloads/${action.document}`;

  function changeOpen(next: boolean) {
    if (!next) {
      setErrors({});
      setFormError(null);
    }
    onOpenChange(next);
  }

  /** Moves focus to the first field with a message, so it is read out and can be corrected. */
  function focusFirstError(found: Partial<Record<FieldName, string>>) {
    const first = (["name", "email"] as const).find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  /** A field's message goes as soon as its value is valid (SPEC.md section 5's rule for forms). */
  function revalidate(field: FieldName, value: string) {
    if (!errors[field]) return;
    const result = downloadRequestSchema.shape[field].safeParse(value);
    if (result.success) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    const parsed = downloadRequestSchema.safeParse(downloadFormValues(form));
    if (!parsed.success) {
      const found = fieldErrors(parsed.error) as Partial<Record<FieldName, string>>;
      setErrors(found);
      setFormError(null);
      focusFirstError(found);
      return;
    }
    setErrors({});
    setFormError(null);
    setPending(true);
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        body: form,
        headers: { Accept: "application/pdf, application/json" },
      });
      const type = response.headers.get("Content-Type") ?? "";
      if (response.ok && type.includes("application/pdf")) {
        saveFile(await response.blob(), attachmentName(response) ?? `${action.document}.pdf`);
        formRef.current?.reset();
        changeOpen(false);
        showToast("success", DOWNLOAD_MESSAGES.started);
        return;
      }
      const body = await readErrorBody(response);
      if (response.status === 400 && body.fieldErrors && Object.keys(body.fieldErrors).length > 0) {
        setErrors(body.fieldErrors);
        focusFirstError(body.fieldErrors);
      } else {
        setFormError(body.error ?? DOWNLOAD_MESSAGES.failed);
      }
    } catch {
      setFormError("The request could not be sent. Please check your connection and try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        data-testid="download-dialog"
        onCloseAutoFocus={(event) => {
          // The dialog has no Radix trigger: focus returns to the button that opened it.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle>{action.label}</DialogTitle>
        <DialogDescription>{DOWNLOAD_FORM_INTRO}.</DialogDescription>
        <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4" aria-busy={pending}>
          <DownloadFormFields idPrefix={id} formError={formError} errors={errors} onFieldChange={revalidate} />
          <p className="text-xs text-muted-foreground">
            How we use your details:{" "}
            <a href="/privacy-statement" className="font-medium text-primary underline underline-offset-4">
              Privacy Statement
            </a>
          </p>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Sending..." : "Download PDF"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
