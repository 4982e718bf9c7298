/** /contact's server side: the page's copy and the company's details, and sending the form. */
import { data } from "react-router";
import type { ContactActionData } from "~/components/marketing/contact-form";
import type { ContactDetailsData } from "~/components/marketing/contact-details";
import { CONTACT_PAGE } from "~/content/contact";
import { CONTACT_LIMITS } from "~/lib/contact/contact-form";
import { submitContactForm } from "~/server/contact/contact-form.server";
import { withCompanyDetails } from "~/server/content/marketing.server";
import { getPublicSettings } from "~/server/content/site-settings.server";
import { getDb } from "~/server/platform/db/database.server";
import { contactDetailsFromSettings } from "~/lib/contact/contact-details";

/**
 * The page's copy, the job applied for (`?job=<title>`), the response's form token (the page cache
 * puts a fresh one in for each visitor of a kept copy) and the details.
 */
export async function loadContactPage(request: Request, formToken: string) {
  const job = new URL(request.url).searchParams.get("job")?.trim().slice(0, CONTACT_LIMITS.job) || undefined;
  const [page, settings] = await Promise.all([withCompanyDetails(CONTACT_PAGE), getPublicSettings(getDb)]);
  const details: ContactDetailsData = contactDetailsFromSettings(settings);
  return { page, job, formToken, details };
}

/** Sends the form: `{ ok: true }`, or the refusal's status with its messages and what was typed. */
export async function contactAction(request: Request, clientAddress: string) {
  const outcome = await submitContactForm(request, { clientAddress });
  if (outcome.ok) return data<ContactActionData>({ ok: true });
  return data<ContactActionData>(
    { ok: false, error: outcome.error, fieldErrors: outcome.fieldErrors ?? {}, values: outcome.values ?? {} },
    { status: outcome.status, headers: outcome.headers },
  );
}
