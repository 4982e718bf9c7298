/**
 * Case study: a 24/7 managed security operations service for a US-listed medical devices maker, at
 * /case-studies/security-operations (SPEC.md section 2, "Cyber security and case studies"), linked
 * from the Cyber Security page. Header, client overview, challenges, solution, services provided and
 * results. The client is invented and unnamed; all figures are static marketing copy.
 */

import type { CaseStudy } from "../types";

export const SECURITY_OPERATIONS: CaseStudy = {
  path: "/case-studies/security-operations",
  parent: { label: "Cyber Security", href: "/cybersecurity" },
  seo: {
    title: "Security Operations Case Study: Medical Devices Manufacturer",
    description:
      "A 24/7 Microsoft Sentinel SOC mapped to MITRE ATT&CK cut detection time from 19 hours to 22 minutes for a US-listed medical devices maker.",
  },
  published: "2025-04-22",
  header: {
    industry: "Life Sciences & Manufacturing",
    title: "Round-the-clock detection and response across three continents",
    client:
      "A US-listed medical devices maker with 6,500 employees, manufacturing sites in Massachusetts, Ireland and Malaysia, and a four-person in-house security team.",
    facts: [
      { value: "6,500", label: "employees" },
      { value: "3", label: "continents, 24/7 coverage" },
      { value: "14 weeks", label: "to full service" },
    ],
  },
  overview: {
    title: "Client Overview",
    paragraphs: [
      "The company designs and manufactures surgical and diagnostic devices sold in more than 40 countries. Its products are regulated, its production lines depend on connected equipment, and as a listed company it must now disclose material cyber incidents to the SEC within four business days of determining they are material.",
      "Its small security team worked Eastern Time office hours and was drowning in alerts from five separate tools. Overnight, the Irish and Malaysian plants had no security cover at all. {{company_name}} was asked to build a security operations capability that would watch every site around the clock and give the team back time for engineering and risk work.",
    ],
  },
  challenges: {
    title: "The Challenge",
    items: [
      {
        icon: "activity",
        title: "Alert fatigue",
        description:
          "Around 11,000 alerts a day arrived from firewalls, endpoint protection, e-mail security and cloud services, with no correlation between them. Fewer than one in ten was ever looked at.",
      },
      {
        icon: "globe",
        title: "Gaps in coverage",
        description:
          "With analysts only in Massachusetts, an intrusion starting on a Friday evening in Ireland could run for more than two days before anyone noticed it.",
      },
      {
        icon: "factory",
        title: "Connected manufacturing lines",
        description:
          "Production equipment on the plant networks ran older operating systems that could not take an endpoint agent, and downtime on a validated line costs tens of thousands of dollars an hour.",
      },
      {
        icon: "landmark",
        title: "Disclosure deadlines",
        description:
          "The company needed evidence good enough to decide quickly whether an incident was material, and a rehearsed process for escalating it to the general counsel and the board.",
      },
    ],
  },
  solution: {
    title: "Our Solution",
    intro:
      "We consolidated the client's telemetry into Microsoft Sentinel, rebuilt its detection content around MITRE ATT&CK, and now run the service 24/7 from our London and Boston security operations centres, with named analysts who know the client's environment.",
    items: [
      {
        icon: "database",
        title: "One security data platform",
        description:
          "Microsoft Sentinel ingests logs from Defender XDR, Entra ID, the firewalls, e-mail gateway and AWS accounts. Tiered storage keeps 90 days of searchable data and two years of archive for investigations.",
      },
      {
        icon: "target",
        title: "Detection engineering with MITRE ATT&CK",
        description:
          "We retired more than 300 noisy default rules and wrote 140 tuned analytics, each mapped to an ATT&CK technique, tested with atomic attack simulations and documented for the client's own team.",
      },
      {
        icon: "zap",
        title: "Automated response playbooks",
        description:
          "Sentinel playbooks isolate compromised endpoints, revoke risky sign-in sessions and block malicious senders within minutes, with an analyst approving any action that touches a production system.",
      },
      {
        icon: "factory",
        title: "Passive monitoring of plant networks",
        description:
          "Network sensors on the manufacturing networks watch traffic without touching validated equipment, so unusual connections to production systems are flagged without any risk of downtime.",
      },
      {
        icon: "users",
        title: "Follow-the-sun operations",
        description:
          "Our London analysts cover 07:00 to 19:00 UK time and our Boston team the other twelve hours, so the Malaysian plant's working day is watched as closely as Ireland's, and every shift change has a logged handover.",
      },
      {
        icon: "clipboard-check",
        title: "Incident readiness",
        description:
          "An incident response retainer, a materiality decision playbook agreed with legal counsel, and twice-yearly tabletop exercises with the executive team based on realistic ransomware scenarios.",
      },
    ],
  },
  services: {
    title: "Services Provided",
    items: [
      "24/7 managed detection and response",
      "Microsoft Sentinel design, deployment and tuning",
      "Microsoft Defender XDR configuration",
      "Detection engineering mapped to MITRE ATT&CK",
      "Security orchestration and automated response",
      "Operational technology network monitoring",
      "Proactive threat hunting",
      "Incident response retainer and tabletop exercises",
    ],
  },
  results: {
    title: "The Results",
    metrics: [
      { value: "19 hrs → 22 min", label: "mean time to detect" },
      { value: "3 days → 4 hrs", label: "mean time to contain" },
      { value: "87%", label: "fewer alerts needing human review" },
      { value: "21% → 68%", label: "of relevant MITRE ATT&CK techniques covered by detections" },
    ],
    outcomes: [
      "A credential-stuffing campaign against the Irish plant's remote access was detected and blocked at 02:40 local time, before any account was compromised.",
      "The in-house team now spends most of its time on security engineering and supplier risk instead of triaging alerts.",
      "Consolidating five consoles into Sentinel and Defender retired two overlapping tool licences, offsetting a third of the service cost.",
      "External auditors accepted the documented detection and escalation process as evidence for the company's annual cyber risk disclosure.",
    ],
  },
  closing: {
    title: "Stop drowning in alerts",
    text: "Whether you need a full 24/7 service or help getting more from the Sentinel or Defender licences you already own, we can show you what better detection looks like in your environment.",
    actions: [
      { kind: "link", label: "Discuss Managed Detection and Response", href: "/contact" },
      { kind: "link", label: "View All Cyber Security Services", href: "/cybersecurity" },
    ],
  },
};
