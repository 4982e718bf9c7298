/**
 * Case study: securing the AWS estate of a UK payroll software provider, at
 * /case-studies/cloud-security (SPEC.md section 2, "Cyber security and case studies"), linked from
 * the Cyber Security page. Header, client overview, challenges, solution, services provided and
 * results. The client is invented and unnamed; all figures are static marketing copy.
 */

import type { CaseStudy } from "../types";

export const CLOUD_SECURITY: CaseStudy = {
  path: "/case-studies/cloud-security",
  parent: { label: "Cyber Security", href: "/cybersecurity" },
  seo: {
    title: "Cloud Security Case Study: UK Payroll SaaS Provider",
    description:
      "How AWS Security Hub, GuardDuty and CIS benchmark controls took a payroll SaaS provider's security score from 41% to 94% and on to ISO 27001.",
  },
  published: "2025-06-17",
  header: {
    industry: "Software & SaaS",
    title: "A secure-by-default AWS estate that wins enterprise deals",
    client:
      "A UK software-as-a-service provider of payroll and HR software with 260 employees, processing pay for more than 1.2 million employees of its customers each month.",
    facts: [
      { value: "1.2m", label: "payslips a month" },
      { value: "58", label: "AWS accounts secured" },
      { value: "9 months", label: "to ISO 27001 certification" },
    ],
  },
  overview: {
    title: "Client Overview",
    paragraphs: [
      "The company had grown quickly on AWS, with each product team creating accounts as it needed them. By the time it started selling to large employers and public bodies it was running 58 AWS accounts holding salary, bank and National Insurance data, with security controls that varied from team to team.",
      "Enterprise security questionnaires were stalling deals for weeks, and two prospective customers made ISO 27001 certification a condition of contract. {{company_name}} was engaged to assess the estate, put consistent guardrails in place without slowing the engineering teams, and prepare the evidence an auditor would need.",
    ],
  },
  challenges: {
    title: "The Challenge",
    items: [
      {
        icon: "layers",
        title: "Account sprawl",
        description:
          "Fifty-eight accounts had been created by hand, with no common baseline. GuardDuty and CloudTrail were enabled in some accounts and regions but not others.",
      },
      {
        icon: "lock",
        title: "Long-lived credentials",
        description:
          "212 IAM users had access keys, some more than three years old, and deployment pipelines used keys with administrator rights stored as CI secrets.",
      },
      {
        icon: "database",
        title: "Sensitive data at risk",
        description:
          "An initial scan found S3 buckets without public access blocks, unencrypted database snapshots shared between accounts, and security groups open to the internet on management ports.",
      },
      {
        icon: "file-text",
        title: "No evidence for customers",
        description:
          "Answering a single enterprise security questionnaire took around three weeks of senior engineers' time, because controls were undocumented and evidence had to be gathered by hand.",
      },
    ],
  },
  solution: {
    title: "Our Solution",
    intro:
      "We rebuilt the estate's foundations as a governed multi-account landing zone, switched on AWS-native detection everywhere, and wrote the guardrails as code so the secure path became the easy path for engineers.",
    items: [
      {
        icon: "building",
        title: "Governed landing zone",
        description:
          "AWS Control Tower and AWS Organizations now structure the accounts into production, non-production, security and sandbox units, with service control policies that prevent disabling logging, leaving approved regions or making data public.",
      },
      {
        icon: "radar",
        title: "Organisation-wide detection",
        description:
          "GuardDuty, AWS Config and an organisation CloudTrail run in every account and region, delegated to a dedicated security account, with findings aggregated in AWS Security Hub and forwarded to the client's on-call rota.",
      },
      {
        icon: "shield-check",
        title: "CIS benchmark controls",
        description:
          "Security Hub checks every account against the CIS AWS Foundations Benchmark and AWS Foundational Security Best Practices. Common misconfigurations are fixed automatically by EventBridge rules and Lambda functions within minutes.",
      },
      {
        icon: "fingerprint",
        title: "Least-privilege access",
        description:
          "IAM Identity Center, federated with the company's identity provider, replaced every IAM user. Pipelines assume short-lived roles through OpenID Connect, so there are no stored keys left to leak.",
      },
      {
        icon: "code",
        title: "Security in the pipeline",
        description:
          "Infrastructure-as-code scanning runs on every pull request, blocking Terraform changes that would open a security group, create an unencrypted volume or weaken a bucket policy before they reach AWS.",
      },
      {
        icon: "clipboard-check",
        title: "Audit-ready evidence",
        description:
          "We mapped the technical controls to ISO 27001 Annex A and built a standard security pack and trust page, so most customer questions are answered from documents that already exist.",
      },
    ],
  },
  services: {
    title: "Services Provided",
    items: [
      "AWS cloud security posture assessment",
      "AWS Control Tower landing zone design",
      "AWS Security Hub, GuardDuty and Config deployment",
      "CIS AWS Foundations Benchmark remediation",
      "IAM Identity Center and least-privilege role design",
      "Automated remediation with EventBridge and Lambda",
      "Infrastructure-as-code security scanning",
      "ISO 27001 readiness and audit support",
    ],
  },
  results: {
    title: "The Results",
    metrics: [
      { value: "41% → 94%", label: "AWS Security Hub security score" },
      { value: "212 → 0", label: "IAM users with long-lived access keys" },
      { value: "3 weeks → 3 days", label: "to complete an enterprise security questionnaire" },
      { value: "9 months", label: "from kick-off to ISO 27001 certification" },
    ],
    outcomes: [
      "ISO 27001 was certified at the first attempt, with no major non-conformities at the Stage 2 audit.",
      "The two enterprise contracts that required certification were signed, adding more than 180,000 payslips a month.",
      "New AWS accounts now arrive with logging, detection and guardrails already in place, in under an hour instead of two days.",
      "Engineers ship as often as before: fewer than 2% of pull requests are blocked by security checks, and each block explains how to fix the change.",
    ],
  },
  closing: {
    title: "Secure your cloud without slowing your teams",
    text: "We can assess your AWS or Azure estate against the CIS benchmarks in two weeks and show you which guardrails would make the biggest difference first.",
    actions: [
      { kind: "link", label: "Request a Cloud Security Assessment", href: "/contact" },
      { kind: "link", label: "Explore Our AWS Cloud Services", href: "/cloud" },
    ],
  },
};
