/**
 * The contact form and job application (SPEC.md sections 2 "Contact" and 5): one schema for the
 * browser's check before sending and the server's check of what arrived, so both say the same.
 */
import { CONTACT_LIMITS, CONTACT_MESSAGES } from "../contact/contact-form";
import { emailField } from "./auth";
import { fieldErrors } from "./field-errors";
import { z } from "./zod";

// The limits, messages and field reader live in a module without zod, which the page loads first.
export { applicationSubject, CONTACT_LIMITS, CONTACT_MESSAGES, contactFormValues } from "../contact/contact-form";

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

/** The browser's check before sending: a message per field that is wrong, or null when all is well. */
export function contactFormErrors(values: Record<string, unknown>): Record<string, string> | null {
  const result = contactFormSchema.safeParse(values);
  return result.success ? null : fieldErrors(result.error);
}
