import { parseJson } from "../text/json";
/**
 * The contact form's limits, messages and field reader (SPEC.md sections 2 "Contact", 5 and 8).
 * They are apart from the form's zod schema (schemas/contact.ts) so that /contact can show the form
 * without loading zod: the page loads the schema only once a visitor starts filling the form in.
 */

export const CONTACT_LIMITS = { name: 100, email: 254, phone: 30, subject: 200, message: 5000, job: 200 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: "Name is required",
  subjectRequired: "Subject is required",
  messageRequired: "Message is required",
  phoneInvalid: "Please enter a valid phone number",
  consentRequired: "Please agree to the privacy statement so we can consider your application",
  sending: "Sending...",
  success: "Thank you for your message! We'll get back to you soon.",
  failure: "Failed to send message. Please try again.",
  tooMany: "Too many messages from your network. Please wait a few minutes and try again.",
  uploadFailed: "Failed to upload attachment:",
} as const;

/** SPEC.md section 2: the subject a job application starts with. */
export function applicationSubject(job: string): string {
  return `Application for ${job} position`;
}

/** The text fields of a submitted form, from FormData or the server's parsed fields. */
export function contactFormValues(get: (key: string) => unknown): Record<string, unknown> {
  const text = (key: string) => {
    const value = get(key);
    return typeof value === "string" ? value : undefined;
  };
  return {
    name: text("name") ?? "",
    email: text("email") ?? "",
    phone: text("phone"),
    subject: text("subject") ?? "",
    message: text("message") ?? "",
    job: text("job"),
    consent: text("consent"),
  };
}

/**
 * The storage key (sessionStorage) that the site assistant's "Talk to a person" leaves a draft
 * under for the contact form (app/lib/chat/chat.ts re-exports it). It lives here, with the form, so
 * that /contact does not load the assistant's texts to read it.
 */
export const CONTACT_DRAFT_STORAGE_KEY = "contactDraft";

/** A subject and message to start the contact form with. */
export interface ContactDraft {
  subject: string;
  message: string;
}

/** A stored draft, or null when there is none or it cannot be read; both fields are cut to the form's limits. */
export function parseContactDraft(raw: string | null): ContactDraft | null {
  const value = parseJson(raw);
  if (typeof value !== "object" || value === null) return null;
  const { subject, message } = value as Record<string, unknown>;
  if (typeof subject !== "string" || typeof message !== "string") return null;
  return { subject: subject.slice(0, CONTACT_LIMITS.subject), message: message.slice(0, CONTACT_LIMITS.message) };
}

/** Takes the draft out of sessionStorage (in the browser): it fills the form once. */
export function takeContactDraft(): ContactDraft | null {
  try {
    const raw = sessionStorage.getItem(CONTACT_DRAFT_STORAGE_KEY);
    if (raw !== null) sessionStorage.removeItem(CONTACT_DRAFT_STORAGE_KEY);
    return parseContactDraft(raw);
  } catch {
    // Storage can be unavailable (blocked by the browser): there is no draft then.
    return null;
  }
}
