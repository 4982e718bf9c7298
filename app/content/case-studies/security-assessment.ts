/**
 * Case study: a security assessment and penetration test for a UK housing association, at
 * /case-studies/security-assessment (SPEC.md section 2, "Cyber security and case studies"), linked
 * from the Cyber Security page. Header, client overview, challenges, solution, services provided and
 * results. The client is invented and unnamed; all figures are static marketing copy.
 */

import type { CaseStudy } from "../types";

export const SECURITY_ASSESSMENT: CaseStudy = {
  path: "/case-studies/security-assessment",
  parent: { label: "Cyber Security", href: "/cybersecurity" },
  seo: {
    title: "Security Assessment Case Study: UK Housing Association",
    description:
      "How a penetration test and NCSC CAF assessment closed 14 attack paths to domain admin and secured Cyber Essentials Plus for a UK housing association.",
  },
  published: "2025-03-11",
  header: {
    industry: "Housing & Public Sector",
    title: "From unknown exposure to Cyber Essentials Plus in six months",
    client:
      "A UK housing association with 38,000 homes across the North West and 1,400 staff, formed from three mergers over the past decade.",
    facts: [
      { value: "38,000", label: "homes managed" },
      { value: "2,100", label: "endpoints in scope" },
      { value: "6 months", label: "from fieldwork to certification" },
    ],
  },
  overview: {
    title: "Client Overview",
    paragraphs: [
      "The association provides general needs, supported and retirement housing, and its tenants rely on its systems for everything from rent accounts to emergency repairs. Three mergers had left it with three generations of infrastructure, a single flat network and an IT team of nineteen who had inherited far more than they had designed.",
      "After a ransomware attack on a peer organisation took that landlord's repairs service offline for several weeks, the board asked a direct question: could the same happen here, and how would we know? Public funding bids were also starting to require Cyber Essentials Plus. {{company_name}} was engaged to give an independent, evidence-based answer and a plan the board could fund.",
    ],
  },
  challenges: {
    title: "The Challenge",
    items: [
      {
        icon: "network",
        title: "A flat network built by merger",
        description:
          "Offices, depots, sheltered schemes and the data centre all shared one routed network, so a compromised laptop in a site office could reach the housing management database directly.",
      },
      {
        icon: "globe",
        title: "An unknown internet footprint",
        description:
          "Nobody could say with confidence how many services were exposed to the internet. Legacy remote access gateways and a contractor portal from a predecessor organisation were still live.",
      },
      {
        icon: "users",
        title: "Over-privileged accounts",
        description:
          "Years of quick fixes had left service accounts with domain administrator rights, shared passwords across sites and third-party repair contractors with standing VPN access.",
      },
      {
        icon: "clipboard-check",
        title: "No benchmark for the board",
        description:
          "The audit committee received activity reports but no measure of security maturity, so it could not judge whether spending was reducing risk or which gaps to fund first.",
      },
    ],
  },
  solution: {
    title: "Our Solution",
    intro:
      "We combined CREST-style penetration testing with a maturity assessment against the NCSC Cyber Assessment Framework, so every technical finding was tied to an outcome the board could track. Testing was scheduled around the association's repairs call centre, and anything critical was reported by phone the same day.",
    items: [
      {
        icon: "search",
        title: "Attack surface discovery",
        description:
          "Passive reconnaissance and certificate transparency analysis found 67 internet-facing hosts, 11 more than the asset register listed, including two forgotten remote access gateways running end-of-life firmware.",
      },
      {
        icon: "scan",
        title: "Infrastructure and application testing",
        description:
          "Twelve days of external and internal infrastructure testing, plus authenticated testing of the tenant self-service portal and repairs booking API against the OWASP Top 10.",
      },
      {
        icon: "network",
        title: "Active Directory attack-path analysis",
        description:
          "We mapped 14 distinct routes from an ordinary user account to domain administrator, through Kerberoastable service accounts, unconstrained delegation and stale group memberships, and ranked them by how easily each could be exploited.",
      },
      {
        icon: "message-square",
        title: "Phishing simulation",
        description:
          "Two rounds of targeted phishing, themed on realistic supplier invoices and HR updates, measured click and credential-entry rates by department and fed a short, focused awareness programme between rounds.",
      },
      {
        icon: "clipboard-check",
        title: "NCSC CAF maturity assessment",
        description:
          "Workshops with IT, repairs, finance and governance teams scored each CAF contributing outcome, giving the board a baseline it can re-measure every year.",
      },
      {
        icon: "wrench",
        title: "Remediation roadmap and retest",
        description:
          "A 90-day plan ranked by business impact, with hands-on support for network segmentation and CIS benchmark hardening, followed by a full retest to prove every critical and high finding was closed.",
      },
    ],
  },
  services: {
    title: "Services Provided",
    items: [
      "External and internal infrastructure penetration testing",
      "Web application and API security testing",
      "Active Directory security review",
      "Phishing simulation and security awareness",
      "NCSC Cyber Assessment Framework maturity assessment",
      "CIS benchmark configuration review",
      "Cyber Essentials Plus readiness and assessment support",
      "Remediation support and retesting",
    ],
  },
  results: {
    title: "The Results",
    metrics: [
      { value: "14 → 0", label: "attack paths to domain administrator" },
      { value: "96%", label: "of critical and high findings closed within 60 days" },
      { value: "31% → 4%", label: "phishing click rate across two simulation rounds" },
      { value: "First time", label: "Cyber Essentials Plus pass, six months after testing" },
    ],
    outcomes: [
      "The network was split into eight segments, so site offices and sheltered schemes can no longer reach core databases directly.",
      "Both forgotten remote access gateways were decommissioned and contractor VPN access replaced with time-limited, approved sessions.",
      "The board now receives a quarterly CAF scorecard, and the number of contributing outcomes rated as achieved rose from 11 to 27 within the year.",
      "The association's cyber insurance renewal was agreed without the premium increase its broker had warned of.",
    ],
  },
  closing: {
    title: "Know your real exposure",
    text: "Our assessments give you evidence rather than assumptions, and a plan ranked by what matters to your organisation. Talk to us about scoping a penetration test or CAF assessment.",
    actions: [
      { kind: "link", label: "Scope Your Security Assessment", href: "/contact" },
      { kind: "link", label: "View All Cyber Security Services", href: "/cybersecurity" },
    ],
  },
};
