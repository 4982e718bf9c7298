/**
 * Copy for /careers (SPEC.md section 2, "Careers"): the introduction, the openings list with its
 * empty-state text, the four-step hiring process and Send Your CV. The openings come from the
 * careers table; `{{company_name}}` is filled from site settings.
 */
import type { CareersPage } from "./types";

/** SPEC.md "Careers": the text shown when no opening is active. */
export const NO_OPENINGS_MESSAGE = "No job openings available at the moment. Please check back later.";

export const CAREERS_PAGE: CareersPage = {
  seo: {
    title: "Careers",
    description:
      "Join our engineers, consultants and trainers in London, Boston and remote across the UK: open roles in cloud, security, AI and software.",
  },
  hero: {
    eyebrow: "Careers",
    title: "Build what clients rely on, with people who care how it is built",
    lead: "{{company_name}} is a team of engineers, consultants and trainers in London, Boston and across the UK. We hire people who like to understand a problem before they solve it, and we give them the time, training and support to do their best work.",
  },
  openings: {
    title: "Open Positions",
    intro:
      "Every role below is open now. Apply with your CV and a few lines on why the role interests you; we reply to every application within ten working days.",
    introWhenEmpty:
      "New roles are posted here as soon as they open. In the meantime you are welcome to send us your CV; we reply to every application within ten working days.",
    empty: NO_OPENINGS_MESSAGE,
  },
  hiringProcess: {
    title: "Our Hiring Process",
    intro:
      "Four steps, usually three to four weeks from application to offer. We tell you where you stand after each one.",
    items: [
      {
        title: "Application",
        description:
          "Send your CV through the contact form. A hiring manager, not a keyword filter, reads every application.",
        duration: "Day 1",
      },
      {
        title: "Screening",
        description:
          "A 30-minute video call with the hiring manager about the role, your experience and what you are looking for next.",
        duration: "Within 10 working days",
      },
      {
        title: "Interview",
        description:
          "A conversation with two future colleagues around a realistic problem from our work, with time for your questions. No trick puzzles, no unpaid take-home projects.",
        duration: "Week 2 to 3",
      },
      {
        title: "Offer",
        description:
          "A written offer with salary, benefits and start date, and a call to talk it through. Unsuccessful candidates get honest feedback.",
        duration: "Within 3 working days of the interview",
      },
    ],
  },
  sendCv: {
    title: "Don't see the right role?",
    text: "We are always glad to hear from good engineers, consultants and trainers. Send your CV and tell us what you would like to work on.",
    actions: [{ kind: "link", label: "Send Your CV", href: "/contact" }],
  },
};
