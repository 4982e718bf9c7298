/**
 * Copy for the About page (SPEC.md section 2, "About"): the intro, Our Story (founded 2008, offices
 * in the UK and USA), the three values (Excellence, Innovation, Partnership), the three-pillar
 * "Innovate, Invest, Implement" approach and Join Our Team (to /careers). Plain data;
 * `{{company_name}}` is filled from site settings.
 */

import type { AboutPage } from "./types";

export const ABOUT_PAGE: AboutPage = {
  seo: {
    title: "About Us",
    description:
      "Founded in 2008 with offices in London and Boston, we help organisations innovate, invest and implement technology that lasts. Our story, values and approach.",
  },
  hero: {
    eyebrow: "About Us",
    title: "Engineers, consultants and trainers who see things through",
    lead: "{{company_name}} is a technology services company that helps organisations in the UK and USA decide what to build, make the case for it and deliver it properly, from the first workshop to years of support.",
  },
  story: {
    title: "Our Story",
    paragraphs: [
      "{{company_name}} was founded in London in 2008, in the middle of the financial crisis, by a small group of engineers who had seen too many IT projects fail for the same reasons: unclear goals, thin business cases and handovers that left nobody accountable. They set out to build a company that would stay with a problem from the first idea to the day it runs smoothly in production.",
      "Our first clients were banks, building societies and healthcare providers that needed secure, reliable systems on tight budgets. As those clients moved to the cloud, so did we: we completed our first AWS migration in 2011, and today more than 60 of our people hold AWS certifications.",
      "In 2015 we opened our Boston office to serve clients in the USA, giving teams on both sides of the Atlantic overlapping working hours and local knowledge of regulation from UK GDPR to HIPAA. In 2019 we launched our training practice, turning what we had learned on client projects into courses for the people who run those systems every day.",
      "Today around 180 people in London and Boston work across AI, cloud, cyber security, software and product development, still guided by the framework we started with: Innovate, Invest, Implement.",
    ],
    facts: [
      { value: "2008", label: "Founded in London" },
      { value: "2", label: "Offices, in London and Boston" },
      { value: "180+", label: "Engineers, consultants and trainers" },
      { value: "450+", label: "Projects delivered in the UK and USA" },
      { value: "85%", label: "Of our work comes from returning clients" },
    ],
  },
  values: {
    title: "Our Values",
    intro: "Three commitments that shape how we hire, how we work and what we will turn down.",
    items: [
      {
        icon: "award",
        title: "Excellence",
        description:
          "We hold our work to the standard we would want for our own systems: peer-reviewed code, automated tests in every pipeline, security designed in from the first sprint and documentation your team can use long after we leave.",
      },
      {
        icon: "lightbulb",
        title: "Innovation",
        description:
          "We adopt new technology when it earns its place, not because it is fashionable. Every idea, from a large language model to a serverless rebuild, is proven with a prototype and measured against a baseline before it is scaled up.",
      },
      {
        icon: "handshake",
        title: "Partnership",
        description:
          "We work as part of your team, not around it: a shared backlog, open reporting, fortnightly demos and a named lead who stays for the whole engagement. Several of our clients have worked with us for more than ten years.",
      },
    ],
  },
  approach: {
    title: "Our Approach: Innovate, Invest, Implement",
    intro:
      "Every engagement follows the same three pillars, so you always know where a project stands, what it has proved so far and what comes next.",
    items: [
      {
        icon: "lightbulb",
        title: "Innovate",
        description:
          "Find the right idea before spending heavily on it. Discovery workshops, user research and a working prototype within four to six weeks show what is worth building and what is not.",
        features: [
          "Discovery workshops with stakeholders and end users",
          "A clickable or working prototype tested with real users",
          "A technical feasibility and risk review",
        ],
      },
      {
        icon: "trending-up",
        title: "Invest",
        description:
          "Build the business case and the foundations. We set out the costs, benefits and risks of each option, choose the architecture and put in place the cloud, security and delivery tooling the product will rely on.",
        features: [
          "A business case with costed options and a payback period",
          "A target architecture and a phased delivery roadmap",
          "A secure cloud landing zone and automated delivery pipelines",
        ],
      },
      {
        icon: "rocket",
        title: "Implement",
        description:
          "Deliver it and run it. Cross-functional teams ship working software in two-week sprints, then operate, monitor and improve the live service under agreed service levels until your own team is ready to take it over.",
        features: [
          "Two-week sprints with a working demo at the end of each",
          "24/7 monitoring and support under agreed service levels",
          "Handover, documentation and training for your in-house team",
        ],
      },
    ],
  },
  joinTeam: {
    title: "Join Our Team",
    text: "We are hiring engineers, consultants and trainers in London and Boston. Expect interesting problems, supportive colleagues, an annual learning budget and paid time each year to study for certifications.",
    actions: [{ kind: "link", label: "View Open Positions", href: "/careers" }],
  },
};
