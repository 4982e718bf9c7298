/**
 * The contact form and job application (SPEC.md sections 2 "Contact" and 5): one schema for the
 * browser's check before sending and the server's check of what arrived, so both say the same.
 */
import { emailField } from "./auth";
import { z } from "./zod";

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

const required = (message: string, max: number, tooLong: string) =>
  z.string(message).trim().min(1, message).max(max, tooLong);

const tooLong = (field: string, max: number) => `${field} must be at most ${max} characters`;

export const contactFormSchema = z
  .object({
    name: required(CONTACT_MESSAGES.nameRequired, CONTACT_LIMITS.name, tooLong("Name", CONTACT_LIMITS.name)),
    email: emailField,
    phone: z
      .string()
      .trim()
      .max(CONTACT_LIMITS.phone, CONTACT_MESSAGES.phoneInvalid)
      .regex(/^[0-9+()\-.\s]*$/, CONTACT_MESSAGES.phoneInvalid)
      .optional()
      .transform((value) => value || undefined),
    subject: required(
      CONTACT_MESSAGES.subjectRequired,
      CONTACT_LIMITS.subject,
      tooLong("Subject", CONTACT_LIMITS.subject),
    ),
    message: required(
      CONTACT_MESSAGES.messageRequired,
      CONTACT_LIMITS.message,
      tooLong("Message", CONTACT_LIMITS.message),
    ),
    /** The job applied for (the page's `job` parameter), when this is an application. */
    job: z
      .string()
      .trim()
      .max(CONTACT_LIMITS.job)
      .optional()
      .transform((value) => value || undefined),
    /** "yes" when the applicant ticked the consent box; checked below, for applications only. */
    consent: z.string().optional(),
  })
  .superRefine((form, context) => {
    // An application carries a CV, so it needs the applicant's agreement to the privacy statement.
    if (form.job && form.consent !== "yes") {
      context.addIssue({ code: "custom", path: ["consent"], message: CONTACT_MESSAGES.consentRequired });
    }
  });

export type ContactForm = z.output<typeof contactFormSchema>;

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
