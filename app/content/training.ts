/**
 * Copy for /training (SPEC.md section 2, "Training"): the page's own words around the two things
 * that come from the database, the "professional-training" page content record (title, excerpt,
 * HTML body, featured image) and the course catalogue. `defaultRecord` is what the page shows when
 * that record is missing or cannot be read (SPEC.md section 8: "page content falls back to the
 * supplied default"). Plain data; `{{company_name}}` is filled from site settings.
 */
import type { Card, LinkAction, PageSeo } from "./types";

/** The fields of a page content record that the page shows (SPEC.md section 3). */
export interface PageContentCopy {
  title: string;
  excerpt: string | null;
  /** HTML; sanitised on the server before it reaches the page, like every stored body. */
  content: string;
  /** Absolute (https) or site-relative; null shows the shipped training artwork. */
  featuredImageUrl: string | null;
}

/** schema.org `courseMode` values Google accepts for a course instance. */
export type CourseMode = "Online" | "Onsite" | "Blended";

export interface TrainingPage {
  seo: PageSeo;
  eyebrow: string;
  defaultRecord: PageContentCopy;
  /** Describes the shipped training artwork, shown when the record has no image or it fails to load. */
  heroImageAlt: string;
  /** The two-column pitch: the record's body beside the reasons to train with us. */
  pitch: { title: string; why: { title: string; items: Card[] } };
  courses: {
    title: string;
    intro: string;
    /** How the courses are delivered, for the structured data (live online or in our London office). */
    courseMode: CourseMode;
  };
  /** The call-to-action band: the curriculum PDF and a link for team enquiries. */
  curriculum: { title: string; text: string; downloadLabel: string; contact: LinkAction };
  /** The PDF's own words (the courses themselves come from the catalogue). */
  curriculumDocument: { title: string; intro: string; booking: string };
}

export const TRAINING_PAGE_SLUG = "professional-training";

export const TRAINING_PAGE: TrainingPage = {
  seo: {
    title: "Professional Training",
    description:
      "Instructor-led courses in AWS cloud, AI, cyber security, web development and agile delivery, taught by practising engineers, with hands-on labs.",
  },
  eyebrow: "Training",
  defaultRecord: {
    title: "Professional Training",
    excerpt:
      "Instructor-led courses in cloud, AI, cyber security and software delivery, taught by the engineers who do the work every day.",
    content: `<p>Our courses are written and taught by practising consultants from {{company_name}}, so every lab reflects problems we have solved for real clients rather than textbook examples. Classes are kept small, run live online or at our London office, and every delegate receives recordings and lab access for 90 days.</p>
<p>Whether you are preparing for a certification or building skills across a whole team, we will help you choose the right path.</p>`,
    featuredImageUrl: null,
  },
  heroImageAlt: "Illustration of a classroom of learners facing a board of charts, under a floating graduation cap",
  pitch: {
    title: "Learn from engineers who deliver",
    why: {
      title: "Why train with us",
      items: [
        {
          icon: "users",
          title: "Small cohorts",
          description: "No more than 14 delegates, so every question gets an answer and every lab gets a review.",
        },
        {
          icon: "server",
          title: "Real environments",
          description: "Hands-on labs in sandbox accounts of your own, not slides and screenshots.",
        },
        {
          icon: "award",
          title: "Certification ready",
          description:
            "Exam preparation where a certification exists, and a certificate of completion for every course.",
        },
        {
          icon: "briefcase",
          title: "Built for teams",
          description: "Private courses tailored to your technology stack, run online or at your office.",
        },
      ],
    },
  },
  courses: {
    title: "Featured Training Courses",
    intro:
      "Every course is led live by a practising specialist and includes recordings and 90 days of lab access. Prices are per delegate and exclude VAT.",
    courseMode: "Blended",
  },
  curriculum: {
    title: "Plan your team's learning path",
    text: "Download the full curriculum: every course with its level, duration, price, instructor and every topic it covers, ready to share with your manager or team.",
    downloadLabel: "Download Curriculum",
    contact: { kind: "link", label: "Ask About Team Training", href: "/contact" },
  },
  curriculumDocument: {
    title: "Training Curriculum",
    intro:
      "Every course below is taught live by a practising specialist from {{company_name}}, in a cohort of no more than 14 delegates, with hands-on labs, recordings and 90 days of lab access. Prices are per delegate and exclude VAT.",
    booking:
      "Book a place by adding a course to your basket on our website, or contact us to arrange a private course for your team.",
  },
};
