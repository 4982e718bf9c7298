/**
 * Copy for /contact (SPEC.md section 2, "Contact"): the page around the form. The e-mail
 * addresses, phone numbers, offices and business hours are site settings, shown as they are.
 */
import type { ContactPage } from "./types";

export const CONTACT_PAGE: ContactPage = {
  seo: {
    title: "Contact Us",
    description:
      "Talk to our London or Boston team about AI, AWS cloud, cyber security, software or training. Send a message or apply for a role; we reply within a working day.",
  },
  hero: {
    eyebrow: "Contact",
    title: "Tell us what you are working on",
    lead: "Whether you have a project in mind, a question about a course or a CV to send, the people who do the work read every message. We reply within one working day.",
  },
  form: {
    title: "Send us a message",
    intro: "Fields marked * are required. We use your details only to answer you.",
    applicationTitle: "Apply for this role",
    applicationIntro: "Attach your CV and add a few lines on why the role interests you. Fields marked * are required.",
  },
  details: {
    title: "Contact details",
    emailHeading: "E-mail",
    phoneHeading: "Phone",
    officesHeading: "Offices",
    hoursHeading: "Business hours",
  },
};
