/**
 * Copy for the home page (SPEC.md section 2, "Home"): a two-slide hero with Our Solutions and
 * Partner With Us, the five-slide "Our Services in Action" carousel, four service cards (/ai,
 * /cloud, /cybersecurity, /product-development), Why Choose Us, the Training & Learning Hub and a
 * closing call to action. Plain data; `{{company_name}}` is filled from site settings.
 */

import type { HomePage } from "./types";

export const HOME_PAGE: HomePage = {
  seo: {
    title: "AI, Cloud, Cyber Security and Software Services",
    description:
      "UK and US technology partner since 2008: AI solutions, AWS cloud, cyber security, product development and professional training for growing organisations.",
  },
  hero: {
    eyebrow: "Innovate, Invest, Implement",
    title: "Technology that goes from idea to impact",
    lead: "Since 2008, {{company_name}} has helped organisations in the UK and USA turn ambitious ideas into secure, dependable systems: AI that earns its keep, AWS platforms that scale, and software people enjoy using.",
    actions: [
      { kind: "link", label: "Our Solutions", href: "/services" },
      { kind: "link", label: "Partner With Us", href: "/contact" },
    ],
    slides: [
      {
        image: "hero-strategy",
        alt: "Illustration of a roadmap: a path rising past ascending milestone pillars on a platform to a flag at the top",
      },
      {
        image: "hero-delivery",
        alt: "Illustration of a delivery team beside a three-lane kanban board, with task cards moving into the done lane",
      },
    ],
  },
  showcase: {
    title: "Our Services in Action",
    intro:
      "A look at the work behind the results, from training machine learning models to testing the defences of a bank's online services.",
    items: [
      {
        image: "showcase-ai",
        alt: "Illustration of a glowing processor chip with a network of connected nodes spreading out around it",
        caption:
          "AI solutions: document extraction and forecasting models running in production, checked for accuracy and drift every week.",
      },
      {
        image: "showcase-cloud",
        alt: "Illustration of three stacks of servers linked by data paths to a cloud above them",
        caption:
          "AWS cloud: landing zones, migrations and cost reviews, with every environment defined in Terraform and deployed through pipelines.",
      },
      {
        image: "showcase-security",
        alt: "Illustration of a shield with a padlock inside radar rings, surrounded by protected network nodes",
        caption:
          "Cyber security: penetration tests, round-the-clock threat monitoring and Cyber Essentials Plus readiness for regulated organisations.",
      },
      {
        image: "showcase-product",
        alt: "Illustration of an app design in an exploded view: stacked interface wireframes, a phone and a component card",
        caption:
          "Product development: from clickable prototype to launched product, shipped in two-week sprints with a demo at the end of each one.",
      },
      {
        image: "showcase-training",
        alt: "Illustration of a classroom of learners facing a board of charts, under a floating graduation cap",
        caption:
          "Professional training: instructor-led and self-paced courses in cloud, security, data and AI, written by practising engineers.",
      },
    ],
  },
  services: {
    title: "What We Do",
    intro:
      "Four practices, one delivery team. Every engagement starts with an agreed outcome and a fixed first milestone.",
    items: [
      {
        icon: "bot",
        title: "AI Solutions",
        description:
          "Document processing, predictive analytics, conversational assistants and computer vision, trained on your data and measured against a baseline before launch.",
        href: "/ai",
        linkLabel: "Explore AI Solutions",
      },
      {
        icon: "cloud",
        title: "AWS Cloud",
        description:
          "Migrations, landing zones, data lakes and serverless platforms built to the AWS Well-Architected Framework, with cost reviews that typically cut monthly spend by 20-30%.",
        href: "/cloud",
        linkLabel: "Explore AWS Cloud Services",
      },
      {
        icon: "shield-check",
        title: "Cyber Security",
        description:
          "Penetration testing, managed detection and response, identity and access management and cloud security reviews aligned to ISO 27001 and the NIST Cybersecurity Framework.",
        href: "/cybersecurity",
        linkLabel: "Explore Cyber Security Services",
      },
      {
        icon: "rocket",
        title: "Product Development",
        description:
          "Discovery, UX design, engineering and launch for web and mobile products, from a 10-week MVP to platforms that handle millions of requests a day.",
        href: "/product-development",
        linkLabel: "Explore Product Development",
      },
    ],
  },
  whyChooseUs: {
    title: "Why Choose Us",
    intro: "Three reasons clients give when they come back to us for the next project.",
    items: [
      {
        icon: "award",
        title: "Proven since 2008",
        description:
          "More than 450 projects delivered for clients in finance, healthcare, retail and the public sector, with senior engineers on every engagement from the first workshop to go-live.",
      },
      {
        icon: "target",
        title: "Outcomes, not hours",
        description:
          "Each engagement begins with agreed measures of success, such as time to release, cost per transaction or mean time to detect, and we report against them at every fortnightly review.",
      },
      {
        icon: "globe",
        title: "One team on both sides of the Atlantic",
        description:
          "Offices in London and Boston give you a working day that runs from 8am in the UK to 6pm on the US East Coast, and first-hand knowledge of UK GDPR, FCA rules, HIPAA and SOC 2.",
      },
    ],
  },
  trainingHub: {
    title: "Training & Learning Hub",
    text: "Give your people the skills to run and improve what they build. Our courses are written and taught by the same engineers who deliver our client projects.",
    points: [
      "Courses in AWS cloud, cyber security, data engineering and applied AI, from foundation to advanced level",
      "Hands-on labs in real cloud environments rather than slide decks",
      "Preparation for recognised certifications such as AWS Certified Solutions Architect and CompTIA Security+",
      "Self-paced and instructor-led formats, each with a certificate of completion",
    ],
    actions: [{ kind: "link", label: "Browse Training Courses", href: "/training" }],
  },
  closing: {
    title: "Have a project in mind?",
    text: "Tell us what you are trying to achieve. A senior consultant will reply within one working day and can run a free 45-minute scoping call to shape your first milestone.",
    actions: [
      { kind: "link", label: "Start a Conversation", href: "/contact" },
      { kind: "link", label: "View All Services", href: "/services" },
    ],
  },
};
