import type { ShouldRevalidateFunction } from "react-router";
import { ContactDetails } from "~/components/marketing/contact-details";
import { ContactForm, type ContactActionData } from "~/components/marketing/contact-form";
import { PageHero } from "~/components/marketing/page-hero";
import { CONTACT_MESSAGES, contactFormValues } from "~/lib/contact/contact-form";
import { publicPageMeta } from "~/lib/seo/meta";
import { isUnsentForm } from "~/lib/browser/unsent-form";
import type { Route } from "./+types/contact";
import { contactAction, loadContactPage } from "./contact.server";

/**
 * /contact (SPEC.md "Contact"): the message form, the company's contact details and hours. With
 * `?job=<title>` it is a job application: the subject is filled in and a CV can be attached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadContactPage(request, context.formToken());
}

export async function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context.clientAddress);
}

/**
 * In the browser, the post goes through here so that a network failure or a 5xx that is not the
 * site's own answer (a proxy's 502) becomes the spec's failure toast on the form as it was typed,
 * CV included, instead of the error page. Without JavaScript the form posts to `action` directly.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<ContactActionData> {
  const typed = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    console.warn("The contact form could not be sent", error);
    const { consent: _consent, ...values } = contactFormValues((key) => typed.get(key));
    return { ok: false, unsent: true, error: CONTACT_MESSAGES.failure, fieldErrors: {}, values };
  }
}

/** A form that never reached the site changed nothing: the page stays as it is (lib/browser/unsent-form.ts). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  !isUnsentForm(actionResult) && defaultShouldRevalidate;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { page, job, formToken, details } = loaderData;
  return (
    <>
      <PageHero hero={page.hero} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[3fr_2fr] lg:px-8">
        <ContactForm page={page} job={job} formToken={formToken} actionData={actionData} />
        <ContactDetails page={page} details={details} />
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  publicPageMeta(matches, { ...loaderData?.page.seo, path: "/contact" });
