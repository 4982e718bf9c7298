/**
 * The enterprise cyber security case study (SPEC.md section 2, "Cyber security and case studies"),
 * shown at /cloud/enterprise-cyber-security: a 12-month phased security programme for a global
 * financial services firm (25,000+ employees, 50+ countries). The three headline results and the
 * five further outcomes are fixed by the spec. The client is unnamed and every figure is static
 * marketing copy; the company's name is the {{company_name}} placeholder.
 */

import type { CaseStudy } from "../types";

export const FINANCIAL_SERVICES_SECURITY: CaseStudy = {
  path: "/cloud/enterprise-cyber-security",
  parent: { label: "AWS Cloud", href: "/cloud" },
  seo: {
    title: "Enterprise Cyber Security Case Study: Financial Services",
    description:
      "A 12-month security programme for a global financial services firm: 98% fewer successful breaches, 90% faster response and 65% less compliance effort.",
  },
  published: "2025-05-20",
  header: {
    industry: "Financial Services",
    title: "A Zero-Trust Security Programme for a Global Financial Services Firm",
    client:
      "A global financial services firm offering retail banking, card payments and wealth management, with more than 25,000 employees in over 50 countries and a hybrid estate spanning AWS and three on-premises data centres.",
    facts: [
      { value: "25,000+", label: "employees" },
      { value: "50+", label: "countries" },
      { value: "12 months", label: "phased programme" },
    ],
  },
  overview: {
    title: "Client Overview",
    paragraphs: [
      "Our client serves millions of customers and processes card payments around the clock. Years of acquisitions had left it with several identity systems, more than 40 overlapping security tools and a security operations team that spent most of its time sorting through alerts rather than stopping threats.",
      "With the EU Digital Operational Resilience Act (DORA) applying from January 2025 and the UK's operational resilience deadline following in March 2025, the board asked for a single programme that would raise the firm's defences and prove its resilience to regulators. {{company_name}} was appointed to design and deliver it over 12 months, working alongside the client's security, risk and engineering teams in London, Boston and regional hubs.",
    ],
  },
  scope: {
    title: "Programme Scope",
    items: [
      "Security posture assessment of 180 AWS accounts, three on-premises data centres and 60 important business services",
      "Zero-trust identity for all employees and just-in-time privileged access for 1,400 administrators",
      "Guardrails and continuous posture management across every AWS account",
      "24/7 managed detection and response, delivered follow-the-sun from London and Boston",
      "Discovery, classification and encryption of customer and cardholder data",
      "Continuous compliance monitoring and automated audit evidence",
      "Risk assessment of critical ICT third-party suppliers",
      "Incident response playbooks, executive tabletop exercises and staff awareness training",
    ],
  },
  compliance: {
    title: "Compliance Requirements",
    items: [
      "PCI DSS v4.0 for the card payment environment",
      "Sarbanes-Oxley (SOX) IT general controls over financial reporting systems",
      "EU Digital Operational Resilience Act (DORA)",
      "UK FCA and PRA operational resilience rules, including impact tolerances for important business services",
      "UK GDPR and EU GDPR",
      "ISO/IEC 27001:2022 certification for group technology",
    ],
  },
  challenges: {
    title: "The Challenges",
    items: [
      {
        icon: "radar",
        title: "Alert Overload",
        description:
          "More than 40 security tools produced around 11,000 alerts a day in separate consoles. Analysts could triage only a fraction of them, and genuine attacks were being missed in the noise.",
      },
      {
        icon: "activity",
        title: "Slow Detection and Response",
        description:
          "The median time to detect and contain an incident was measured in days, well outside the impact tolerances the firm had set for its most important services.",
      },
      {
        icon: "fingerprint",
        title: "Identity Sprawl",
        description:
          "Four separate directories, thousands of orphaned accounts left over from acquisitions and permanent administrator rights made stolen credentials the most likely route to a serious breach.",
      },
      {
        icon: "clipboard-check",
        title: "Manual, Duplicated Compliance",
        description:
          "Each regulation was audited separately, with evidence gathered by hand in spreadsheets and screenshots. The same controls were tested several times a year by different teams.",
      },
      {
        icon: "globe",
        title: "Global Scale, Local Rules",
        description:
          "Operations in over 50 countries meant different data protection laws, regulators and working hours, so any solution had to be consistent worldwide yet respect local requirements.",
      },
    ],
  },
  solution: {
    title: "Our Solution",
    intro:
      "Following our Innovate, Invest, Implement framework, {{company_name}} prioritised the controls that most reduced risk for each pound spent, then rolled them out in four phases so the firm was better protected at the end of every quarter, not only at the end of the programme.",
    items: [
      {
        icon: "fingerprint",
        title: "Zero-Trust Identity",
        description:
          "One identity platform for every employee, phishing-resistant multi-factor authentication, and just-in-time privileged access that is approved, time-limited and recorded, replacing permanent administrator rights.",
      },
      {
        icon: "shield-check",
        title: "Cloud Guardrails and Posture Management",
        description:
          "AWS Control Tower and service control policies enforce preventive controls across all 180 accounts, while AWS Security Hub and AWS Config check every resource against CIS and PCI DSS benchmarks continuously.",
      },
      {
        icon: "radar",
        title: "Unified Detection",
        description:
          "Amazon Security Lake normalises cloud, endpoint, network and identity logs into one format, feeding the SIEM and Amazon GuardDuty so analysts see a single, correlated picture of each threat.",
      },
      {
        icon: "zap",
        title: "24/7 Managed Detection and Response",
        description:
          "Our follow-the-sun security operations centre investigates every high-priority alert around the clock, with automated playbooks that isolate compromised hosts and revoke suspicious sessions in seconds.",
      },
      {
        icon: "lock",
        title: "Data Protection",
        description:
          "Amazon Macie finds customer and cardholder data wherever it is stored, AWS KMS with customer-managed keys encrypts it, and AWS CloudHSM protects the keys used by payment systems.",
      },
      {
        icon: "file-search",
        title: "Compliance as Code",
        description:
          "A single common control set is mapped to PCI DSS, SOX, DORA, UK operational resilience and GDPR, with AWS Audit Manager collecting evidence automatically so each control is tested once and reported many times.",
      },
    ],
  },
  timeline: {
    title: "12-Month Phased Programme",
    phases: [
      {
        title: "Assessment & Roadmap",
        duration: "2 months",
        description:
          "We measured the firm's security posture against its threats and regulatory obligations and agreed a prioritised, costed roadmap with the board.",
        activities: [
          "Threat-led assessment of 60 important business services",
          "Gap analysis against PCI DSS, SOX, DORA and UK operational resilience requirements",
          "Security tool rationalisation plan, reducing more than 40 tools to 15",
          "Board-approved roadmap with quarterly risk-reduction milestones",
        ],
        complete: true,
      },
      {
        title: "Identity & Cloud Foundations",
        duration: "4 months",
        description:
          "We consolidated identity, removed standing privileges and applied consistent guardrails across every AWS account.",
        activities: [
          "Four directories merged into one identity platform, with orphaned accounts removed",
          "Phishing-resistant multi-factor authentication rolled out to every employee",
          "Just-in-time privileged access for 1,400 administrators",
          "AWS Control Tower guardrails and Security Hub standards enabled across 180 accounts",
        ],
        complete: true,
      },
      {
        title: "Detection & Response",
        duration: "3 months",
        description:
          "We centralised security telemetry, launched the 24/7 managed detection and response service and automated the response to common attacks.",
        activities: [
          "Amazon Security Lake deployed as the central store for security logs",
          "Detection rules mapped to MITRE ATT&CK techniques seen in financial services",
          "Automated containment playbooks for compromised credentials, malware and data exfiltration",
          "Follow-the-sun security operations centre live from London and Boston",
        ],
        complete: true,
      },
      {
        title: "Compliance Automation & Handover",
        duration: "3 months",
        description:
          "We automated audit evidence, tested resilience against severe but plausible scenarios and handed day-to-day ownership of controls to the client's teams.",
        activities: [
          "Common control framework implemented in AWS Audit Manager and AWS Config",
          "Impact tolerance testing and executive tabletop exercises for important business services",
          "ICT third-party risk register completed for DORA reporting",
          "Runbooks, training and a continuous improvement plan handed over to the client",
        ],
        complete: true,
      },
    ],
  },
  technologies: {
    title: "Technology Stack",
    items: [
      "Amazon GuardDuty",
      "AWS Security Hub",
      "Amazon Security Lake",
      "Amazon Detective",
      "Amazon Inspector",
      "Amazon Macie",
      "AWS Control Tower",
      "AWS Config",
      "AWS IAM Identity Center",
      "AWS Key Management Service",
      "AWS CloudHSM",
      "AWS CloudTrail",
      "AWS Audit Manager",
      "AWS WAF",
      "AWS Shield Advanced",
      "AWS Network Firewall",
      "Splunk Enterprise Security",
      "CrowdStrike Falcon",
      "Okta Workforce Identity",
      "CyberArk Privileged Access Manager",
    ],
  },
  results: {
    title: "The Results",
    metrics: [
      { value: "98%", label: "fewer successful breaches" },
      { value: "90%", label: "faster detection and response" },
      { value: "65%", label: "less compliance effort" },
    ],
    outcomes: [
      "The card payment environment passed its PCI DSS v4.0 assessment at the first attempt, with no critical findings.",
      "The firm met the UK operational resilience deadline and DORA's requirements, with impact tolerances tested for all 60 important business services.",
      "Permanent administrator rights were removed entirely; every privileged session is now approved, time-limited and recorded.",
      "Security tools were consolidated from more than 40 to 15, cutting security licensing and support costs by 30%.",
      "Automated triage reduced the alerts reaching analysts by 85%, and 70% of common incidents are now contained without manual intervention.",
    ],
  },
  testimonial: {
    quote:
      "We needed to raise our defences and prove our resilience to regulators at the same time, across more than 50 countries. {{company_name}} gave us a roadmap the board understood and delivered it phase by phase, so we were measurably safer every quarter. Our analysts now spend their time on real threats instead of chasing noise.",
    author: "Marcus Adeyemi",
    role: "Group Chief Information Security Officer, the client",
  },
  closing: {
    title: "Strengthen Your Security Programme",
    text: "Whether you face new regulation, a growing cloud estate or a security team overwhelmed by alerts, our specialists can help you prioritise what matters and deliver it in measurable phases. Start with a conversation about your risks and obligations.",
    actions: [
      { kind: "link", label: "Talk to Our Security Team", href: "/contact" },
      { kind: "link", label: "Explore Our Cyber Security Services", href: "/cybersecurity" },
    ],
  },
};
