/**
 * Case study: identity consolidation and access management for a UK engineering consultancy, at
 * /case-studies/identity-management (SPEC.md section 2, "Cyber security and case studies"), linked
 * from the Cyber Security page. Header, client overview, challenges, solution, services provided and
 * results. The client is invented and unnamed; all figures are static marketing copy.
 */

import type { CaseStudy } from "../types";

export const IDENTITY_MANAGEMENT: CaseStudy = {
  path: "/case-studies/identity-management",
  parent: { label: "Cyber Security", href: "/cybersecurity" },
  seo: {
    title: "Identity Management Case Study: Engineering Consultancy",
    description:
      "Consolidating three directories onto Entra ID with SCIM and conditional access cut leaver access removal from five days to 15 minutes for 4,800 staff.",
  },
  published: "2025-05-27",
  header: {
    industry: "Professional Services",
    title: "One identity for 4,800 people and 118 applications",
    client:
      "A UK-headquartered engineering and infrastructure consultancy with 4,800 staff in 22 offices, formed through the acquisition of two regional firms.",
    facts: [
      { value: "4,800", label: "staff" },
      { value: "3 → 1", label: "identity directories" },
      { value: "7 months", label: "programme length" },
    ],
  },
  overview: {
    title: "Client Overview",
    paragraphs: [
      "The consultancy designs transport, water and energy infrastructure for public and private clients, and much of that work requires it to hold Cyber Essentials Plus and meet government security requirements for sensitive project data. Its two acquisitions had each brought their own directory: one an on-premises Active Directory forest, the other an Okta tenant in front of Google Workspace.",
      "Staff juggled several passwords, project teams spanning the three former firms could not easily share files, and access was granted by raising tickets that took days. After an internal audit found 340 enabled accounts belonging to people who had left, the chief information officer asked {{company_name}} to design and deliver a single, automated identity platform.",
    ],
  },
  challenges: {
    title: "The Challenge",
    items: [
      {
        icon: "users",
        title: "Slow, manual leavers",
        description:
          "Removing a leaver's access meant separate tickets for three directories and dozens of applications. It averaged five working days, and contractors were often missed altogether.",
      },
      {
        icon: "layers",
        title: "Three sources of truth",
        description:
          "Entra ID, a legacy Active Directory forest and Okta each held a partial and conflicting view of who worked at the firm, their role and their manager.",
      },
      {
        icon: "lock",
        title: "Inconsistent MFA",
        description:
          "Only 62% of staff were enrolled for multi-factor authentication, mostly using SMS codes, and several client-facing applications still accepted a password alone.",
      },
      {
        icon: "shield",
        title: "Standing administrator rights",
        description:
          "Thirty-seven accounts held permanent global or domain administrator rights, several shared between members of the IT team and none subject to regular review.",
      },
    ],
  },
  solution: {
    title: "Our Solution",
    intro:
      "We made Microsoft Entra ID the single identity provider, driven by the HR system, and moved every application we could onto single sign-on with automated provisioning. The Okta tenant was migrated and retired in a planned sequence so no team lost access on cut-over day.",
    items: [
      {
        icon: "workflow",
        title: "HR-driven joiners, movers and leavers",
        description:
          "Inbound provisioning from the HR system now creates, updates and disables identities automatically. A change of role updates group memberships, and a leaver is disabled everywhere the moment HR records the leaving date.",
      },
      {
        icon: "network",
        title: "Single sign-on with SCIM provisioning",
        description:
          "We migrated the Okta integrations and added new ones, bringing 118 applications onto Entra ID single sign-on, 64 of them with SCIM provisioning so accounts appear and disappear without tickets.",
      },
      {
        icon: "lock",
        title: "Conditional access and stronger MFA",
        description:
          "A layered set of conditional access policies requires compliant devices for sensitive data, blocks legacy authentication and risky sign-ins, and moved staff to the Microsoft Authenticator app with number matching and administrators to FIDO2 security keys.",
      },
      {
        icon: "shield-check",
        title: "Just-in-time privileged access",
        description:
          "Privileged Identity Management replaced standing administrator rights with time-limited, approved and recorded elevation, leaving two monitored break-glass accounts for emergencies.",
      },
      {
        icon: "clipboard-check",
        title: "Access reviews and governance",
        description:
          "Quarterly access reviews ask managers and application owners to confirm who should keep access, with access removed automatically when a review is not answered.",
      },
    ],
  },
  services: {
    title: "Services Provided",
    items: [
      "Identity and access management strategy",
      "Microsoft Entra ID design and configuration",
      "Okta to Entra ID migration",
      "HR-driven inbound provisioning",
      "SCIM application provisioning and single sign-on",
      "Conditional access and MFA roll-out",
      "Privileged Identity Management",
      "Access review design and governance",
    ],
  },
  results: {
    title: "The Results",
    metrics: [
      { value: "5 days → 15 min", label: "to remove a leaver's access" },
      { value: "62% → 100%", label: "of staff protected by MFA" },
      { value: "37 → 2", label: "standing administrator accounts" },
      { value: "£310k", label: "a year saved by retiring the duplicate directory and licences" },
    ],
    outcomes: [
      "All 340 orphaned accounts found by the internal audit were disabled in the first month, and none have accumulated since.",
      "Access-related service desk tickets fell by 58%, freeing two engineers for project work.",
      "Staff from all three former firms now share project sites and Teams channels with a single sign-in.",
      "The consultancy renewed Cyber Essentials Plus with no non-conformities relating to user access control.",
    ],
  },
  closing: {
    title: "Make identity your strongest control",
    text: "Whether you are consolidating directories after an acquisition or tightening access before an audit, we can plan a move to Entra ID or Okta that your users barely notice.",
    actions: [
      { kind: "link", label: "Plan Your Identity Programme", href: "/contact" },
      { kind: "link", label: "View All Cyber Security Services", href: "/cybersecurity" },
    ],
  },
};
