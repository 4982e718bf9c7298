/**
 * Copy for the Services page (SPEC.md section 2, "Services"): six service cards with five features
 * each, the placeholder overview video (the one place "coming soon" belongs), the four-step process
 * (Discovery, Planning, Implementation, Support), six industries and Request a Quote (to /contact).
 * Plain data; `{{company_name}}` is filled from site settings.
 */

import type { ServicesPage } from "./types";

export const SERVICES_PAGE: ServicesPage = {
  seo: {
    title: "Our Services",
    description:
      "Software, IT consulting, AWS cloud, cyber security, web and mobile development for UK and US organisations, delivered by one accountable team since 2008.",
  },
  hero: {
    eyebrow: "Our Services",
    title: "Everything you need to plan, build, secure and run your technology",
    lead: "From a two-day architecture review to a multi-year platform build, {{company_name}} brings consultants, engineers and security specialists together under one accountable delivery lead.",
  },
  services: {
    title: "What We Offer",
    intro: "Six practices that work together, so strategy, delivery and security never fall between suppliers.",
    items: [
      {
        icon: "code",
        title: "Software Solutions",
        description:
          "Bespoke business applications, integrations and modernisation of legacy systems, written to be maintained and covered by automated tests from day one.",
        features: [
          "Custom line-of-business applications in TypeScript, Java and .NET",
          "API design and integration with ERP, CRM and finance systems",
          "Legacy modernisation, from monolith to modular services",
          "Automated testing and CI/CD pipelines on every project",
          "Code audits and technical due diligence for investors",
        ],
      },
      {
        icon: "briefcase",
        title: "IT Consulting",
        description:
          "Independent advice on strategy, architecture and suppliers from people who have delivered what they recommend.",
        features: [
          "Technology strategy and three-year roadmaps",
          "Enterprise and solution architecture reviews",
          "IT cost reviews and supplier selection",
          "Leadership of digital transformation programmes",
          "Interim CTO and head of engineering cover",
        ],
      },
      {
        icon: "cloud",
        title: "Cloud Services",
        description:
          "AWS migrations, landing zones and managed operations built to the AWS Well-Architected Framework, with monthly costs you can predict.",
        href: "/cloud",
        linkLabel: "Explore AWS Cloud Services",
        features: [
          "Cloud readiness assessments and migration planning",
          "Multi-account AWS landing zones with Control Tower",
          "Infrastructure as code with Terraform and the AWS CDK",
          "Data lakes and analytics on Amazon S3, Glue and Athena",
          "FinOps cost reviews and 24/7 managed operations",
        ],
      },
      {
        icon: "shield-check",
        title: "Cybersecurity",
        description:
          "Assessments, monitoring and identity services that reduce risk measurably and stand up to scrutiny from auditors and regulators.",
        href: "/cybersecurity",
        linkLabel: "Explore Cyber Security Services",
        features: [
          "Penetration testing of web applications, APIs, networks and cloud accounts",
          "24/7 managed detection and response",
          "Identity and access management, including single sign-on and MFA roll-out",
          "ISO 27001, SOC 2 and Cyber Essentials Plus readiness",
          "Incident response plans and tabletop exercises",
        ],
      },
      {
        icon: "globe",
        title: "Web Development",
        description:
          "Fast, accessible websites and web applications that rank well, turn visitors into customers and are easy for your team to update.",
        features: [
          "React and TypeScript front ends with server-side rendering",
          "WCAG 2.2 AA accessibility as standard",
          "Headless CMS integration for editorial teams",
          "Core Web Vitals and page-speed optimisation",
          "E-commerce builds with secure payment integration",
        ],
      },
      {
        icon: "smartphone",
        title: "Mobile App Development",
        description:
          "Native and cross-platform apps for iOS and Android, from the first release through years of updates on the App Store and Google Play.",
        features: [
          "Native iOS (Swift) and Android (Kotlin) development",
          "Cross-platform apps with React Native and Flutter",
          "Offline-first design and encrypted on-device storage",
          "App Store and Google Play submission and release management",
          "Crash reporting, usage analytics and ongoing support",
        ],
      },
    ],
  },
  video: {
    title: "See How We Work",
    description:
      "A short film introducing our services and delivery approach, with our London and Boston teams, is coming soon. In the meantime, our consultants are happy to walk you through recent projects on a call.",
  },
  process: {
    title: "How We Work",
    intro: "Four clear steps, so you know what happens, when it happens and what you receive at each stage.",
    items: [
      {
        title: "Discovery",
        duration: "2-4 weeks",
        description:
          "We meet your stakeholders and users, review your current systems and agree the outcomes that matter. You receive a discovery report with our findings, the main risks and a recommended scope.",
      },
      {
        title: "Planning",
        duration: "1-3 weeks",
        description:
          "We design the architecture, turn the scope into a prioritised backlog and agree milestones, team and budget. You receive a delivery plan and a fixed-price or capped estimate for the first phase.",
      },
      {
        title: "Implementation",
        duration: "Typically 3-9 months",
        description:
          "Cross-functional teams build in two-week sprints, with a working demo at the end of each, automated tests and security checks on every release, and a written status report every week.",
      },
      {
        title: "Support",
        duration: "Ongoing",
        description:
          "After go-live we monitor, maintain and improve the service under agreed service levels, with 24/7 cover for critical systems and a quarterly review of performance, security and cost.",
      },
    ],
  },
  industries: {
    title: "Industries We Serve",
    intro:
      "We work in regulated and high-volume sectors, where reliability, security and compliance are requirements rather than extras.",
    items: [
      {
        icon: "heart-pulse",
        title: "Healthcare",
        description:
          "Patient-facing apps, clinical data platforms and system integrations built to the NHS Data Security and Protection Toolkit, HL7 FHIR and HIPAA.",
      },
      {
        icon: "landmark",
        title: "Finance",
        description:
          "Secure platforms for banks, building societies, insurers and wealth managers, designed around FCA operational resilience rules and PCI DSS.",
      },
      {
        icon: "graduation-cap",
        title: "Education",
        description:
          "Learning platforms, student record integrations and data analytics for universities, colleges and training providers.",
      },
      {
        icon: "shopping-cart",
        title: "Retail",
        description:
          "E-commerce platforms, stock and pricing systems and demand forecasting that stay fast on the busiest trading days of the year.",
      },
      {
        icon: "factory",
        title: "Manufacturing",
        description:
          "Sensor data collection, predictive maintenance and computer vision quality inspection on the production line.",
      },
      {
        icon: "truck",
        title: "Logistics",
        description:
          "Route optimisation, warehouse management integrations and real-time shipment tracking for carriers and third-party logistics providers.",
      },
    ],
  },
  closing: {
    title: "Ready to discuss your project?",
    text: "Tell us about your goals, timescales and budget. We will come back within one working day with questions, an outline approach and an indicative quote.",
    actions: [{ kind: "link", label: "Request a Quote", href: "/contact" }],
  },
};
