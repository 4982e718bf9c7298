import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { PageHero } from "~/components/marketing/page-hero";
import { Button } from "~/components/ui/button";
import { FormAlert, TextareaField, TextField } from "~/components/ui/form-field";
import { showToast } from "~/components/ui/toaster";
import { CONTACT_PAGE } from "~/content/contact";
import { publicPageMeta } from "~/lib/meta";
import {
  applicationSubject,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  contactFormValues,
  takeContactDraft,
} from "~/lib/contact-form";
import { submitContactForm } from "~/server/contact/contact-form.server";
import { issueFormToken } from "~/server/platform/http/form-token.server";
import { withCompanyDetails } from "~/server/content/marketing.server";
import { getDb } from "~/server/platform/db/database.server";
import { getPublicSettings } from "~/server/content/site-settings.server";
import type { Route } from "./+types/contact";

/** The honeypot: hidden from people, tempting to scripts that fill in every field. */
const HONEYPOT_FIELD = "website";
const ACCEPTED_FILES = ".pdf,.doc,.docx,.txt";

/**
 * /contact (SPEC.md "Contact"): the message form, the company's contact details and hours. With
 * `?job=<title>` it is a job application: the subject is filled in and a CV can be attached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const job = new URL(request.url).searchParams.get("job")?.trim().slice(0, CONTACT_LIMITS.job) || undefined;
  const [page, settings] = await Promise.all([withCompanyDetails(CONTACT_PAGE), getPublicSettings(getDb)]);
  const setting = (key: string) => settings[key] ?? "";
  return {
    page,
    job,
    formToken: issueFormToken(),
    details: {
      emails: [setting("contact_email"), setting("support_email")].filter(Boolean),
      phones: [setting("phone_primary"), setting("phone_secondary")].filter(Boolean),
      offices: [
        { label: "United Kingdom", address: setting("address_uk") },
        { label: "United States", address: setting("address_us") },
      ].filter((office) => office.address),
      // Each setting names its days itself ("Mon-Fri 9:00-18:00", "Sunday closed").
      hours: [
        setting("business_hours_weekdays"),
        setting("business_hours_saturday"),
        setting("business_hours_sunday"),
      ].filter(Boolean),
    },
  };
}

/**
 * Each render carries a fresh form token (its time tells a person from a bot that posts at once),
 * so the page is never kept by a shared cache, ours included (page-cache.server.ts).
 */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-cache" });

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await submitContactForm(request, { clientAddress: context.clientAddress });
  if (outcome.ok) return { ok: true as const };
  return data(
    { ok: false as const, error: outcome.error, fieldErrors: outcome.fieldErrors ?? {}, values: outcome.values ?? {} },
    { status: outcome.status, headers: outcome.headers },
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  publicPageMeta(matches, { ...loaderData?.page.seo, path: "/contact" });

export default function Contact() {
  const { page, job, formToken, details } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero hero={page.hero} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[3fr_2fr] lg:px-8">
        <ContactForm page={page} job={job} formToken={formToken} />
        <ContactDetails page={page} details={details} />
      </div>
    </>
  );
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

function ContactForm({ page, job, formToken }: Pick<LoaderData, "page" | "job" | "formToken">) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact");
  const formRef = useRef<HTMLFormElement>(null);
  // The browser's own check of the same schema, so mistakes show before anything is sent.
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const browserCheck = useRef<((values: Record<string, unknown>) => Record<string, string> | null) | null>(null);
  const loadBrowserCheck = () => {
    if (browserCheck.current) return;
    import("~/lib/schemas/contact")
      .then((schemas) => (browserCheck.current = schemas.contactFormErrors))
      .catch((error: unknown) => console.warn("The form's browser check could not load", error));
  };
  const serverErrors = actionData && !actionData.ok ? actionData.fieldErrors : {};
  const errors = clientErrors ?? serverErrors;
  const values = actionData && !actionData.ok ? actionData.values : {};

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      formRef.current?.reset();
      showToast("success", CONTACT_MESSAGES.success);
    } else if (actionData.error) {
      showToast("error", actionData.error);
    }
  }, [actionData]);

  // The site assistant's "Talk to a person" leaves a draft in sessionStorage (never in the address,
  // which would reach the server's logs): it fills the subject and message once, where still empty.
  // It is looked for at each visit of /contact, as the chat can send a visitor here from /contact.
  const { key: visit } = useLocation();
  useEffect(() => {
    const draft = takeContactDraft();
    const form = formRef.current;
    if (!draft || !form) return;
    for (const [name, text] of Object.entries(draft)) {
      const field = form.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && !field.value) {
        field.value = text;
      }
    }
  }, [visit]);

  const value = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : undefined);
  const headingId = "contact-form-heading";
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold tracking-tight">
        {job ? page.form.applicationTitle : page.form.title}
      </h2>
      <p className="mt-2 text-muted-foreground">{job ? page.form.applicationIntro : page.form.intro}</p>
      {actionData?.ok ? (
        <p role="status" className="mt-6 rounded-md border border-primary bg-accent p-4 text-accent-foreground">
          {CONTACT_MESSAGES.success}
        </p>
      ) : null}
      {actionData && !actionData.ok && actionData.error ? (
        <FormAlert className="mt-6">{actionData.error}</FormAlert>
      ) : null}
      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        noValidate
        className="mt-6 grid gap-5 rounded-lg border bg-card p-6 text-card-foreground shadow-sm"
        // The schema (and zod) loads when a visitor first reaches the form, not with the page; a form
        // sent before it has loaded is checked by the server, which answers with the same messages.
        onFocus={loadBrowserCheck}
        onPointerEnter={loadBrowserCheck}
        onSubmit={(event) => {
          const check = browserCheck.current;
          if (!check) return;
          const form = new FormData(event.currentTarget);
          const found = check(contactFormValues((key) => form.get(key)));
          if (!found) {
            setClientErrors(null);
            return;
          }
          event.preventDefault();
          setClientErrors(found);
          const first = Object.keys(found)[0];
          if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        }}
      >
        <input type="hidden" name="token" value={formToken} />
        {job ? <input type="hidden" name="job" value={job} /> : null}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input id="contact-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="contact-name"
            name="name"
            label="Name *"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
            defaultValue={value("name")}
            error={errors.name}
          />
          <TextField
            id="contact-email"
            name="email"
            type="email"
            label="Email *"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
            defaultValue={value("email")}
            error={errors.email}
          />
        </div>
        <TextField
          id="contact-phone"
          name="phone"
          type="tel"
          label="Phone"
          autoComplete="tel"
          maxLength={CONTACT_LIMITS.phone}
          defaultValue={value("phone")}
          error={errors.phone}
        />
        <TextField
          id="contact-subject"
          name="subject"
          label="Subject *"
          required
          maxLength={CONTACT_LIMITS.subject}
          defaultValue={value("subject") ?? (job ? applicationSubject(job) : undefined)}
          error={errors.subject}
        />
        <TextareaField
          id="contact-message"
          name="message"
          label="Message *"
          required
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          defaultValue={value("message")}
          error={errors.message}
        />
        {job ? (
          <>
            <TextField
              id="contact-attachment"
              name="attachment"
              type="file"
              label="CV or covering letter"
              accept={ACCEPTED_FILES}
              hint="PDF, Word (.doc, .docx) or plain text, up to 10MB."
              error={errors.attachment}
            />
            <div className="grid gap-1">
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  name="consent"
                  value="yes"
                  required
                  aria-invalid={errors.consent ? true : undefined}
                  aria-describedby={errors.consent ? "contact-consent-error" : undefined}
                  className="mt-0.5 size-4 accent-primary"
                />
                <span>
                  I agree to my application and CV being kept as the{" "}
                  <Link to="/privacy-statement" className="text-primary underline underline-offset-4">
                    Privacy Statement
                  </Link>{" "}
                  describes, including how long they are kept. *
                </span>
              </label>
              {errors.consent ? (
                <p id="contact-consent-error" className="text-sm font-medium text-destructive">
                  {errors.consent}
                </p>
              ) : null}
            </div>
          </>
        ) : null}
        <Button type="submit" size="lg" disabled={sending} className="justify-self-start">
          {sending ? CONTACT_MESSAGES.sending : job ? "Send Application" : "Send Message"}
        </Button>
      </Form>
    </section>
  );
}

function ContactDetails({ page, details }: Pick<LoaderData, "page" | "details">) {
  return (
    <aside aria-labelledby="contact-details-heading" className="space-y-8">
      <h2 id="contact-details-heading" className="text-2xl font-bold tracking-tight">
        {page.details.title}
      </h2>
      <DetailBlock icon={<MailIcon aria-hidden="true" className="size-5" />} heading={page.details.emailHeading}>
        {details.emails.map((email) => (
          <li key={email}>
            <a href={`mailto:${email}`} className="text-primary underline-offset-4 hover:underline">
              {email}
            </a>
          </li>
        ))}
      </DetailBlock>
      <DetailBlock icon={<PhoneIcon aria-hidden="true" className="size-5" />} heading={page.details.phoneHeading}>
        {details.phones.map((phone) => (
          <li key={phone}>
            <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="text-primary underline-offset-4 hover:underline">
              {phone}
            </a>
          </li>
        ))}
      </DetailBlock>
      <DetailBlock icon={<MapPinIcon aria-hidden="true" className="size-5" />} heading={page.details.officesHeading}>
        {details.offices.map((office) => (
          <li key={office.label}>
            <span className="font-medium">{office.label}</span>
            <address className="not-italic text-muted-foreground">{office.address}</address>
          </li>
        ))}
      </DetailBlock>
      <DetailBlock icon={<ClockIcon aria-hidden="true" className="size-5" />} heading={page.details.hoursHeading}>
        {details.hours.map((hours) => (
          <li key={hours}>{hours}</li>
        ))}
      </DetailBlock>
    </aside>
  );
}

function DetailBlock({
  icon,
  heading,
  children,
}: {
  icon: React.ReactNode;
  heading: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex gap-4">
      <span className="mt-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">{heading}</h3>
        <ul className="mt-1 space-y-1">{children}</ul>
      </div>
    </div>
  );
}
