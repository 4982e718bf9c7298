/**
 * A contact message or job application from arrival to the CMS's Submissions tab (SPEC.md
 * sections 4, 5, 7, 8): per-address limit, the streamed form and its attachment, the shared
 * schema, the spam checks, the stored submission, then the e-mails. Each step that fails leaves
 * nothing behind: a refused form removes its uploaded file, and a mail outage never loses or
 * blocks a saved submission.
 */
import { CONTACT_MESSAGES, contactFormSchema, contactFormValues } from "~/lib/schemas/contact";
import { fieldErrors } from "~/lib/schemas/field-errors";
import { createContactSubmission, type ContactSubmission } from "./contact-submissions.server";
import { getDb } from "../platform/db/database.server";
import { checkFormToken } from "../platform/http/form-token.server";
import { logger } from "../platform/logger.server";
import { notifyAboutSubmission } from "./contact-mail.server";
import { RateLimiter } from "../platform/rate-limit/rate-limit.server";
import { getStorage } from "../platform/storage.server";
import { parseContactForm, removeAttachment, type ParsedContactForm } from "./uploads.server";
import { UploadError, uploadErrorHeaders } from "./upload-error.server";
import { failureStatus } from "../platform/db/database-unavailable.server";
import { RequestBodyError } from "../platform/http/request-body.server";

/** Five messages in ten minutes from one address is more than any person sends. */
const contactLimiter = new RateLimiter("contact", 5, 10 * 60_000);

export type ContactOutcome =
  | { ok: true; submission?: ContactSubmission }
  | {
      ok: false;
      status: number;
      error?: string;
      fieldErrors?: Record<string, string>;
      /** What the visitor typed, to put back in the form (never the file). */
      values?: Record<string, unknown>;
      headers?: HeadersInit;
    };

const tooMany = (retryAfterSeconds: number): ContactOutcome => ({
  ok: false,
  status: 429,
  error: CONTACT_MESSAGES.tooMany,
  headers: { "Retry-After": String(retryAfterSeconds) },
});

export async function submitContactForm(request: Request, context: { clientAddress: string }): Promise<ContactOutcome> {
  // Looked at first, without counting, so an address over its limit never gets to upload a file.
  const used = await contactLimiter.isLimited(context.clientAddress);
  if (!used.allowed) return tooMany(used.retryAfterSeconds);

  const storage = getStorage();
  let form: ParsedContactForm;
  try {
    form = await parseContactForm(request, { storage });
  } catch (error) {
    // A field the database cannot store (a NUL, invalid UTF-8) is refused with its own message.
    if (error instanceof RequestBodyError) return { ok: false, status: error.status, error: error.message };
    if (!(error instanceof UploadError)) throw error;
    return {
      ok: false,
      status: error.status,
      error: `${CONTACT_MESSAGES.uploadFailed} ${error.message}`,
      // An oversize body is left unread: the connection must close after the answer.
      headers: uploadErrorHeaders(error),
    };
  }
  const discardUpload = () => (form.attachment ? removeAttachment(storage, form.attachment.key) : Promise.resolve());

  const values = contactFormValues((key) => form.fields[key]);
  const parsed = contactFormSchema.safeParse(values);
  if (!parsed.success) {
    await discardUpload();
    return { ok: false, status: 400, fieldErrors: fieldErrors(parsed.error), values: withoutSecrets(values) };
  }
  // The attachment field exists only on the application form (SPEC.md section 5).
  if (form.attachment && !parsed.data.job) {
    await discardUpload();
    return {
      ok: false,
      status: 400,
      error: `${CONTACT_MESSAGES.uploadFailed} attachments are accepted with job applications only`,
      values: withoutSecrets(values),
    };
  }

  // Only a submission the form accepts counts towards the limit: a visitor who corrects a few
  // mistakes has not sent a message yet. Counting here (one atomic hit) also holds for parallel posts.
  const limit = await contactLimiter.hit(context.clientAddress);
  if (!limit.allowed) {
    await discardUpload();
    return tooMany(limit.retryAfterSeconds);
  }

  const spam = isSuspectedSpam(form.fields);
  const db = await getDb();
  let submission: ContactSubmission;
  try {
    submission = await createContactSubmission(db, {
      name: parsed.data.name,
      email: parsed.data.email,
      phone: parsed.data.phone,
      subject: parsed.data.subject,
      message: parsed.data.message,
      attachment: form.attachment
        ? { key: form.attachment.key, originalName: form.attachment.originalName }
        : undefined,
      status: spam ? "spam" : "new",
      job: parsed.data.job,
    });
  } catch (error) {
    logger.error({ err: error }, "could not store a contact submission");
    await discardUpload();
    return { ok: false, status: failureStatus(error), error: CONTACT_MESSAGES.failure, values: withoutSecrets(values) };
  }

  if (spam) {
    // Kept for an administrator to look at, answered like any message so a script learns nothing.
    logger.warn({ submissionId: submission.id }, "a contact submission looks like spam");
    return { ok: true, submission };
  }
  // After the save, never instead of it: queueing the e-mails cannot fail the submission.
  await notifyAboutSubmission(db, submission);
  return { ok: true, submission };
}

/** A filled-in honeypot, or a token that is missing, forged or younger than a person could type. */
function isSuspectedSpam(fields: Record<string, string>): boolean {
  if (fields.website) return true;
  const verdict = checkFormToken(fields.token);
  return verdict === "invalid" || verdict === "too-fast";
}

function withoutSecrets(values: Record<string, unknown>): Record<string, unknown> {
  const { consent: _consent, ...rest } = values;
  return rest;
}
