import { useActionData, useLoaderData } from "react-router";
import { ContactDetails } from "~/components/marketing/contact-details";
import { ContactForm } from "~/components/marketing/contact-form";
import { PageHero } from "~/components/marketing/page-hero";
import { publicPageMeta } from "~/lib/meta";
import type { Route } from "./+types/contact";
import { contactAction, loadContactPage } from "./contact.server";

/**
 * /contact (SPEC.md "Contact"): the message form, the company's contact details and hours. With
 * `?job=<title>` it is a job application: the subject is filled in and a CV can be attached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return loadContactPage(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context.clientAddress);
}

/**
 * Each render carries a fresh form token (its time tells a person from a bot that posts at once),
 * so the page is never kept by a shared cache, ours included (page-cache.server.ts).
 */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-cache" });

export default function Contact() {
  const { page, job, formToken, details } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
