/**
 * Copy for the Product development page (SPEC.md section 2, "Product development"): four service
 * cards, three success stories (the scalable e-commerce one links to its case study), a
 * four-phase process, a grid of 18 technology names and a call to action (to /contact). Clients are
 * described, never named. Plain data; `{{company_name}}` is filled from site settings.
 */

import type { ProductDevelopmentPage } from "./types";

export const PRODUCT_DEVELOPMENT_PAGE: ProductDevelopmentPage = {
  seo: {
    title: "Product Development",
    description:
      "From idea to launch and beyond: product discovery, UX design, web and mobile engineering and scalable cloud platforms, shipped in two-week sprints.",
  },
  hero: {
    eyebrow: "Product Development",
    title: "From first idea to a product people use every day",
    lead: "{{company_name}} designs, builds and scales digital products for start-ups and established businesses. We test ideas with real users before you commit a large budget, then ship working software every two weeks.",
    actions: [{ kind: "link", label: "Discuss Your Product Idea", href: "/contact" }],
  },
  services: {
    title: "Product Development Services",
    intro: "Four services that take a product from a promising idea to a business that scales.",
    items: [
      {
        icon: "search",
        title: "Product Discovery",
        description:
          "Workshops, user interviews and market analysis that turn an idea into a validated concept, a prioritised feature list and a costed roadmap, usually within four weeks.",
        features: [
          "Stakeholder and user interviews",
          "Competitor and market analysis",
          "Costed roadmap and release plan",
        ],
      },
      {
        icon: "layers",
        title: "UX and UI Design",
        description:
          "Research-led design, from wireframes to a tested, accessible design system, so developers build the right thing the first time.",
        features: [
          "User journeys and wireframes",
          "Prototypes tested with real users",
          "Design systems that meet WCAG 2.2 AA",
        ],
      },
      {
        icon: "code",
        title: "MVP and Full-Stack Engineering",
        description:
          "Web and mobile products built in TypeScript, React and Node.js on AWS, with a first release in the hands of real users in 8 to 12 weeks.",
        features: [
          "Web apps, iOS and Android apps and APIs",
          "Automated tests and continuous delivery",
          "Analytics built in from the first release",
        ],
      },
      {
        icon: "trending-up",
        title: "Scaling and Modernisation",
        description:
          "Performance tuning, re-architecture and cloud-native rebuilds for products that have outgrown their first version, without a risky big-bang switchover.",
        features: [
          "Load testing and performance profiling",
          "Gradual migration to serverless and containers",
          "Cost and reliability reviews of live platforms",
        ],
      },
    ],
  },
  successStories: {
    title: "Success Stories",
    intro: "A selection of recent products, with the figures our clients agreed we could share.",
    items: [
      {
        title: "A scalable e-commerce platform for a fashion and homeware retailer",
        industry: "Retail & E-commerce",
        summary:
          "A UK retailer with 140 stores and £180 million a year in online sales outgrew its heavily customised commerce suite after a 47-minute outage on its biggest promotion day. We built a headless, cloud-native platform on AWS and moved to it one capability at a time, so the shop never closed.",
        metrics: [
          { value: "12×", label: "normal traffic handled on Black Friday" },
          { value: "99.99%", label: "availability through Black Friday week" },
          { value: "+28%", label: "mobile conversion rate" },
        ],
        link: {
          kind: "link",
          label: "View the e-commerce case study",
          href: "/case-studies/scalable-ecommerce",
        },
      },
      {
        title: "A patient booking app for a private healthcare group",
        industry: "Healthcare",
        summary:
          "A private healthcare group with 40 clinics across England took most bookings by phone and collected patient details on paper. We designed and built iOS and Android apps in React Native with online booking, video consultations and secure messaging, integrated with its practice management system.",
        metrics: [
          { value: "58%", label: "of appointments now booked in the app" },
          { value: "30%", label: "fewer missed appointments" },
          { value: "4.7/5", label: "average app store rating" },
        ],
      },
      {
        title: "An online mortgage application for a building society",
        industry: "Financial Services",
        summary:
          "A UK building society with 400,000 members handled mortgage applications on paper and by post, taking an average of 19 days to reach an offer. We built an online application with open banking income checks, secure document upload and an underwriter workbench connected to its core banking system, launching to brokers first in 12 weeks.",
        metrics: [
          { value: "19 → 6 days", label: "average time from application to offer" },
          { value: "71%", label: "of applications now submitted online" },
        ],
      },
    ],
  },
  process: {
    title: "Our Product Development Process",
    intro:
      "Four phases, each ending with a decision point, so you only invest in the next phase once the last one has proved its worth.",
    items: [
      {
        title: "Discover and Define",
        duration: "2-4 weeks",
        description:
          "User research, stakeholder workshops and technical spikes produce a validated concept, a prioritised backlog and an estimate you can take to your board or investors.",
      },
      {
        title: "Design and Prototype",
        duration: "3-6 weeks",
        description:
          "We design the user journeys and interface, test a clickable prototype with at least five users in each round and agree the architecture the product will be built on.",
      },
      {
        title: "Build and Launch",
        duration: "8-16 weeks",
        description:
          "Two-week sprints deliver a working, tested product to a first group of real users, with monitoring, analytics and a release pipeline in place from day one.",
      },
      {
        title: "Scale and Evolve",
        duration: "Ongoing",
        description:
          "We use real usage data to decide what to build next, tune performance and cost as traffic grows, and help you build an in-house team to take the product forward.",
      },
    ],
  },
  technologies: {
    title: "Technologies We Use",
    intro: "Proven, well-supported tools chosen for each product, rather than one stack forced onto every problem.",
    items: [
      "React",
      "TypeScript",
      "Node.js",
      "Next.js",
      "React Native",
      "Swift",
      "Kotlin",
      "Flutter",
      "Python",
      "Java",
      "PostgreSQL",
      "MongoDB",
      "Redis",
      "GraphQL",
      "AWS",
      "Docker",
      "Kubernetes",
      "Terraform",
    ],
  },
  closing: {
    title: "Let's build your product",
    text: "Whether you have a rough sketch or a product that needs to scale, book a free 45-minute consultation with one of our product leads and leave with clear next steps.",
    actions: [{ kind: "link", label: "Book a Product Consultation", href: "/contact" }],
  },
};
