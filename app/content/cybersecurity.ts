/**
 * Copy for the Cyber Security overview page, /cybersecurity (SPEC.md section 2, "Cyber security and
 * case studies"), also shown at /case-studies/cyber-security: an intro, four security service cards
 * each leading to its case study in `case-studies/`, the featured financial services programme, a
 * five-question FAQ and a call to action.
 * Plain data; `{{company_name}}` is filled in from site settings.
 */

import type { OverviewPage } from "./types";

export const CYBERSECURITY_PAGE: OverviewPage = {
  path: "/cybersecurity",
  aliases: ["/case-studies/cyber-security"],
  seo: {
    title: "Cyber Security Services",
    description:
      "Penetration testing, 24/7 security operations, identity management and cloud security from a UK team, with case studies and measurable results.",
  },
  hero: {
    eyebrow: "Cyber Security",
    title: "Security that stands up to a real attacker, and to your auditors",
    lead: "Since 2008 {{company_name}} has helped organisations in the UK and the US find their weak points before someone else does, then fix them for good. Our London and Boston teams test, monitor and harden systems against frameworks your board and regulators recognise: the NCSC Cyber Assessment Framework, Cyber Essentials Plus, ISO 27001 and the CIS benchmarks. Every engagement follows our Innovate, Invest, Implement framework, so you get a clear picture of risk, a prioritised plan you can fund, and controls that are actually switched on.",
    actions: [{ kind: "link", label: "Book a Security Consultation", href: "/contact" }],
  },
  cards: {
    title: "Our Security Services",
    intro:
      "Four services that cover the attack surface most organisations struggle with. Each card links to a case study showing the work and the results.",
    items: [
      {
        icon: "scan",
        title: "Security Assessment & Penetration Testing",
        description:
          "CREST-style testing of your networks, applications and people, benchmarked against the NCSC Cyber Assessment Framework, with a remediation plan ranked by real business risk rather than raw CVSS scores.",
        href: "/case-studies/security-assessment",
        linkLabel: "Read the security assessment case study",
        features: [
          "External, internal and web application penetration testing",
          "Active Directory attack-path analysis",
          "Phishing simulation and social engineering",
          "Cyber Essentials Plus and ISO 27001 readiness",
          "Board-level risk report and remediation roadmap",
        ],
      },
      {
        icon: "radar",
        title: "Security Operations & Managed Detection",
        description:
          "A 24/7 follow-the-sun security operations service run from London and Boston on Microsoft Sentinel, with detection rules mapped to MITRE ATT&CK and analysts who contain threats rather than just forward alerts.",
        href: "/case-studies/security-operations",
        linkLabel: "Read the security operations case study",
        features: [
          "Microsoft Sentinel and Defender XDR deployment and tuning",
          "Detection engineering mapped to MITRE ATT&CK",
          "Automated response playbooks",
          "Proactive threat hunting",
          "Incident response retainer and tabletop exercises",
        ],
      },
      {
        icon: "fingerprint",
        title: "Identity & Access Management",
        description:
          "One trusted identity for every person and every application: Entra ID or Okta as the source of truth, SCIM provisioning, conditional access and phishing-resistant MFA, with privileged access granted just in time.",
        href: "/case-studies/identity-management",
        linkLabel: "Read the identity management case study",
        features: [
          "Entra ID and Okta design, consolidation and migration",
          "Joiner, mover and leaver automation with SCIM",
          "Conditional access and phishing-resistant MFA",
          "Privileged identity management for administrators",
          "Quarterly access reviews that managers actually complete",
        ],
      },
      {
        icon: "cloud",
        title: "Cloud Security",
        description:
          "Secure AWS and Azure estates by design: a governed multi-account landing zone, AWS Security Hub and GuardDuty across every account, CIS benchmark controls and automated remediation built into your pipelines.",
        href: "/case-studies/cloud-security",
        linkLabel: "Read the cloud security case study",
        features: [
          "Cloud security posture assessment",
          "AWS Security Hub, GuardDuty and Config across all accounts",
          "CIS benchmark and AWS Foundational Security Best Practices controls",
          "Least-privilege IAM and single sign-on",
          "Infrastructure-as-code scanning in CI/CD",
        ],
      },
    ],
  },
  // Not one of the spec's four service cards: the programme that combines them, so its page
  // (/cloud/enterprise-cyber-security) is linked from the security overview.
  caseStudies: {
    title: "Featured Case Study",
    items: [
      {
        icon: "landmark",
        title: "A Zero-Trust Security Programme for a Global Financial Services Firm",
        description:
          "A 12-month programme for a firm of more than 25,000 employees in over 50 countries: 98% fewer successful breaches, 90% faster detection and response and 65% less compliance effort.",
        href: "/cloud/enterprise-cyber-security",
        linkLabel: "Read the financial services security case study",
      },
    ],
  },
  faq: {
    title: "Frequently Asked Questions",
    items: [
      {
        question: "What is the difference between a vulnerability scan and a penetration test?",
        answer:
          "A vulnerability scan is an automated check that lists known weaknesses, such as missing patches or weak TLS settings, and it is worth running every month. A penetration test is carried out by a qualified tester who chains weaknesses together the way an attacker would, for example from a phishing foothold to domain administrator, and proves what could actually be reached. We recommend continuous scanning plus at least one CREST-style penetration test a year and after any major change.",
      },
      {
        question: "Can you help us achieve Cyber Essentials Plus or ISO 27001 certification?",
        answer:
          "Yes. We run a gap assessment against the scheme's requirements, fix or guide the fixes for what falls short, and prepare the evidence an assessor or certification body will ask for. For Cyber Essentials Plus most clients are ready within eight to twelve weeks; ISO 27001 typically takes six to nine months because the management system has to run for a period before the Stage 2 audit. We do not certify you ourselves, which keeps our advice independent of the audit.",
      },
      {
        question: "Do you provide 24/7 monitoring, and which tools do you use?",
        answer:
          "Our security operations service runs around the clock, with analysts in London covering 07:00 to 19:00 UK time and our Boston team covering the other twelve hours, so nobody works a permanent night shift and every handover is documented. We build on Microsoft Sentinel and Microsoft Defender XDR by default and can work with Splunk or CrowdStrike where you have already invested. Detection rules are mapped to MITRE ATT&CK, so you can see which attacker techniques you are covered for and which you are not.",
      },
      {
        question: "How quickly can you start, and how long does a security assessment take?",
        answer:
          "Scoping usually takes a week, and testing can begin within two to three weeks of agreement. A typical assessment for a mid-sized organisation, covering external and internal infrastructure, one or two web applications and a phishing exercise, takes eight to fifteen testing days. Anything critical is reported to you by phone the same day rather than waiting for the final report.",
      },
      {
        question: "Will you work alongside our IT team or existing managed service provider?",
        answer:
          "Yes, and most of our engagements do. We agree a responsibility matrix at the start so everyone knows who patches, who monitors and who responds to an incident, and we hand over runbooks and detection rules in a form your team can maintain. Where skills are thin we pair our engineers with your staff, and our training team offers certified courses so the capability stays with you after we leave.",
      },
    ],
  },
  closing: {
    title: "Find out where you stand before an attacker does",
    text: "Tell us about your systems and what keeps you up at night. A senior consultant will come back within one working day with a proposed scope, a timescale and a fixed price, with no obligation to proceed.",
    actions: [
      { kind: "link", label: "Book a Security Consultation", href: "/contact" },
      { kind: "link", label: "Explore Our AWS Cloud Services", href: "/cloud" },
    ],
  },
};
