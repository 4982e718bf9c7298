/**
 * The form of the document downloads ("Download AWS Guide" and the like): a name and an e-mail
 * address, shared by the dialog in the browser and the action on the server, so both give the same
 * messages. The request is stored as a contact submission, so the limits match that table's use.
 */
import { emailField } from "./auth";
import { z } from "./zod";

export const DOWNLOAD_LIMITS = { name: 100, email: 254 } as const;

export const DOWNLOAD_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${DOWNLOAD_LIMITS.name} characters`,
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  started: "Your download has started",
  tooMany: "Too many download requests from your network. Please wait a few minutes and try again.",
  failed: "Sorry, the document could not be prepared. Please try again in a moment.",
  notFound: "This document does not exist.",
} as const;

export const downloadRequestSchema = z.object({
  name: z
    .string(DOWNLOAD_MESSAGES.nameRequired)
    .trim()
    .min(1, DOWNLOAD_MESSAGES.nameRequired)
    .max(DOWNLOAD_LIMITS.name, DOWNLOAD_MESSAGES.nameTooLong),
  // The site's one e-mail rule (trimmed, lower-cased, the same messages as every other form).
  email: emailField,
});

export type DownloadRequest = z.output<typeof downloadRequestSchema>;

/** The fields of a submitted form (FormData from the dialog, or the page's own form). */
export function downloadFormValues(form: FormData): Record<string, unknown> {
  const value = (key: string) => {
    const entry = form.get(key);
    return typeof entry === "string" ? entry : undefined;
  };
  return { name: value("name"), email: value("email") };
}
