import { type RefObject, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert, TextareaField, TextField } from "~/components/ui/form-field";
import { preloadToaster, showToast } from "~/components/ui/toaster";
import type { ContactPage } from "~/content/types";
import {
  applicationSubject,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  contactFormValues,
  takeContactDraft,
} from "~/lib/contact/contact-form";

/** The honeypot: hidden from people, tempting to scripts that fill in every field. */
const HONEYPOT_FIELD = "website";
const ACCEPTED_FILES = ".pdf,.doc,.docx,.txt";

/**
 * What /contact's action answers: sent, or the message and each field's message with what was
 * typed. `unsent` marks the browser's own answer when the form never reached the site.
 */
export type ContactActionData =
  | { ok: true }
  | {
      ok: false;
      unsent?: true;
      error?: string;
      fieldErrors: Record<string, string>;
      values: Record<string, unknown>;
    };

/**
 * The contact form (SPEC.md "Contact"): checked in the browser with the server's own schema once it
 * has loaded, then posted (multipart, for the CV of an application).
 */
export function ContactForm({
  page,
  job,
  formToken,
  actionData,
}: {
  page: ContactPage;
  /** The job applied for (`?job=`): the form becomes an application with a CV. */
  job: string | undefined;
  formToken: string;
  /** The page's last action answer. */
  actionData: ContactActionData | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact");
  const formRef = useRef<HTMLFormElement>(null);
  // The browser's own check of the same schema, so mistakes show before anything is sent.
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const browserCheck = useBrowserCheck();
  const serverErrors = actionData && !actionData.ok ? actionData.fieldErrors : {};
  const errors = clientErrors ?? serverErrors;
  const values = actionData && !actionData.ok ? actionData.values : {};
  useActionAnswer(actionData, formRef);
  useContactDraft(formRef);

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
        // The answer (thanks, or what went wrong) shows where the visitor pressed Send.
        preventScrollReset
        noValidate
        className="mt-6 grid gap-5 rounded-lg border bg-card p-6 text-card-foreground shadow-sm"
        // The schema (and zod) loads when a visitor first reaches the form, not with the page; a form
        // sent before it has loaded is checked by the server, which answers with the same messages.
        onFocus={browserCheck.load}
        onPointerEnter={browserCheck.load}
        onSubmit={(event) => {
          const check = browserCheck.current();
          if (!check) return;
          const form = new FormData(event.currentTarget);
          const found = check(contactFormValues((key) => form.get(key)));
          if (!found) {
            setClientErrors(null);
            return;
          }
          event.preventDefault();
          setClientErrors(found);
          focusFirstError(event.currentTarget, found);
        }}
      >
        <input type="hidden" name="token" value={formToken} />
        {job ? <input type="hidden" name="job" value={job} /> : null}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input id="contact-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </div>
        <MessageFields errors={errors} value={value} job={job} />
        {job ? <ApplicationFields errors={errors} /> : null}
        <Button type="submit" size="lg" disabled={sending} className="justify-self-start">
          {sending ? CONTACT_MESSAGES.sending : job ? "Send Application" : "Send Message"}
        </Button>
      </Form>
    </section>
  );
}

type ContactCheck = (values: Record<string, unknown>) => Record<string, string> | null;

/** The form's schema check, loaded on first use: `current()` is null until it has loaded. */
function useBrowserCheck() {
  const check = useRef<ContactCheck | null>(null);
  const load = () => {
    if (check.current) return;
    // The failure toast must be able to show with the network down, when it could no longer load.
    preloadToaster();
    import("~/lib/schemas/contact")
      .then((schemas) => (check.current = schemas.contactFormErrors))
      .catch((error: unknown) => console.warn("The form's browser check could not load", error));
  };
  return { load, current: () => check.current };
}

/** Thanks (and an empty form) after sending; else the error toast and focus on the first field to correct. */
function useActionAnswer(actionData: ContactActionData | undefined, formRef: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      formRef.current?.reset();
      showToast("success", CONTACT_MESSAGES.success);
    } else {
      if (actionData.error) showToast("error", actionData.error);
      // The server's answer to a form sent before the browser's check had loaded: focus goes to the
      // first field to correct, as the browser's own check does.
      focusFirstError(formRef.current, actionData.fieldErrors);
    }
  }, [actionData, formRef]);
}

/**
 * The site assistant's "Talk to a person" leaves a draft in sessionStorage (never in the address,
 * which would reach the server's logs): it fills the subject and message once, where still empty.
 * It is looked for at each visit of /contact, as the chat can send a visitor here from /contact.
 */
function useContactDraft(formRef: RefObject<HTMLFormElement | null>) {
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
  }, [visit, formRef]);
}

/** Name, e-mail, phone, subject and message, each with what was typed and its message. */
function MessageFields({
  errors,
  value,
  job,
}: {
  errors: Record<string, string>;
  value: (key: string) => string | undefined;
  job: string | undefined;
}) {
  return (
    <>
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
    </>
  );
}

/** An application's CV, and the consent to keeping it. */
function ApplicationFields({ errors }: { errors: Record<string, string> }) {
  return (
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
  );
}

/** Moves focus to the form's first field with an error, as a person would correct them. */
function focusFirstError(form: HTMLFormElement | null, errors: Record<string, string>) {
  const first = Object.keys(errors)[0];
  if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}
