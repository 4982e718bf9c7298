/**
 * The enterprise cloud migration case study (SPEC.md section 2, "Cloud pages"), shown at
 * /cloud/enterprise-cloud-migration and /enterprise-cloud-migration: a UK manufacturer's move of
 * two data centres to AWS. The timeline's four phases and their durations are fixed by the spec;
 * "Optimization" keeps that spelling. The client is unnamed and every figure is static marketing
 * copy; the company's name is the {{company_name}} placeholder.
 */

import type { CaseStudy } from "../types";

export const ENTERPRISE_CLOUD_MIGRATION: CaseStudy = {
  path: "/cloud/enterprise-cloud-migration",
  aliases: ["/enterprise-cloud-migration"],
  parent: { label: "AWS Cloud", href: "/cloud" },
  seo: {
    title: "Enterprise Cloud Migration Case Study",
    description:
      "How a UK manufacturer moved 340 servers from two data centres to AWS in four months, cutting infrastructure costs by 38% with no unplanned downtime.",
  },
  published: "2025-03-18",
  header: {
    industry: "Manufacturing",
    title: "Two Data Centres to AWS in Four Months, Without Disrupting Production",
    client:
      "A UK-headquartered manufacturer and distributor of industrial components with 3,200 employees, 14 sites across the UK and Europe, and an ERP platform that runs production planning, warehousing and finance around the clock.",
    facts: [
      { value: "340", label: "servers migrated" },
      { value: "2", label: "data centres closed" },
      { value: "4 months", label: "migration execution" },
    ],
  },
  challenges: {
    title: "The Challenges",
    items: [
      {
        icon: "server",
        title: "Ageing, Expensive Infrastructure",
        description:
          "Two co-located data centres held 340 servers, a third of them out of vendor support. A hardware refresh costing more than the next three years of hosting was due within 18 months, just as the co-location leases came up for renewal.",
      },
      {
        icon: "factory",
        title: "No Room for Downtime",
        description:
          "Factories run three shifts, six days a week. The ERP, warehouse management and shop-floor systems could be unavailable for no more than a few hours, and only in a Sunday maintenance window.",
      },
      {
        icon: "layers",
        title: "A Tangled Application Estate",
        description:
          "More than 120 applications had grown up over 20 years, with undocumented dependencies between them, hard-coded IP addresses and a mix of Windows Server, Red Hat Enterprise Linux, SQL Server and Oracle databases.",
      },
      {
        icon: "shield",
        title: "Security and Audit Pressure",
        description:
          "Customers in the automotive and aerospace supply chains required evidence of strong security controls, while on-premises patching lagged by months and backups had not been restore-tested in over a year.",
      },
      {
        icon: "users",
        title: "A Small, Stretched IT Team",
        description:
          "An in-house team of eleven kept the lights on and had no prior AWS experience, so the new platform had to be something they could confidently operate after the migration.",
      },
    ],
  },
  solution: {
    title: "Our Solution",
    intro:
      "Applying our Innovate, Invest, Implement framework, {{company_name}} built a business case from real utilisation data, landed the estate on a secure multi-account AWS foundation and migrated it in eight planned waves, each rehearsed and with a tested rollback, while training the client's team to run the platform themselves.",
    items: [
      {
        icon: "search",
        title: "Discovery and Business Case",
        description:
          "Agentless discovery fed into AWS Migration Hub mapped every server, dependency and utilisation pattern. Each application was assigned a strategy (rehost, replatform, refactor or retire) and a right-sized AWS cost, producing a board-approved business case within six weeks.",
      },
      {
        icon: "building",
        title: "Secure Landing Zone",
        description:
          "A multi-account landing zone built on AWS Control Tower, with separate accounts for production, non-production, shared services, logging and security, guardrails enforced through service control policies, and single sign-on through AWS IAM Identity Center.",
      },
      {
        icon: "network",
        title: "Resilient Hybrid Network",
        description:
          "Redundant AWS Direct Connect links from the main factories into the AWS Europe (London) Region, routed through AWS Transit Gateway, kept shop-floor systems connected with low latency during and after the move.",
      },
      {
        icon: "workflow",
        title: "Wave-Based Migration",
        description:
          "AWS Application Migration Service replicated servers continuously, so each cutover took under four hours. AWS Database Migration Service moved the ERP databases with ongoing replication, and 38 unused applications were retired rather than migrated.",
      },
      {
        icon: "database",
        title: "Targeted Modernisation",
        description:
          "SQL Server databases moved to Amazon RDS and the customer portal was replatformed onto Amazon ECS on AWS Fargate, removing routine database and operating system maintenance from the team's workload.",
      },
      {
        icon: "shield-check",
        title: "Security and Operations Built In",
        description:
          "Amazon GuardDuty, AWS Security Hub and AWS Config provide continuous monitoring across every account, AWS Backup runs policy-based backups with monthly restore tests, and AWS Systems Manager automates patching within agreed windows.",
      },
    ],
  },
  timeline: {
    title: "Migration Timeline",
    phases: [
      {
        title: "Assessment & Planning",
        duration: "6 weeks",
        description:
          "We mapped the full estate, agreed a migration strategy for every application and built the business case and wave plan with the client's leadership team.",
        activities: [
          "Automated discovery and dependency mapping across both data centres",
          "Application-by-application strategy, with 38 applications marked for retirement",
          "Total cost of ownership model and board-approved business case",
          "Eight-wave migration plan aligned to production shutdown windows",
        ],
        complete: true,
      },
      {
        title: "Proof of Concept",
        duration: "4 weeks",
        description:
          "We built the landing zone and network, then migrated a representative set of applications to prove performance, security and the cutover process before committing to the full programme.",
        activities: [
          "AWS Control Tower landing zone and Direct Connect links deployed",
          "Pilot migration of 12 servers, including a production-line reporting system",
          "Performance testing of ERP transactions against agreed response times",
          "Cutover and rollback runbooks rehearsed and signed off",
        ],
        complete: true,
      },
      {
        title: "Migration Execution",
        duration: "4 months",
        description:
          "The remaining estate moved to AWS in eight waves, each cut over during a Sunday maintenance window with business sign-off and a tested route back.",
        activities: [
          "Continuous server replication with AWS Application Migration Service",
          "ERP and warehouse databases migrated with AWS DMS and near-zero data loss",
          "Customer portal replatformed onto Amazon ECS on AWS Fargate",
          "Both data centres decommissioned and co-location contracts exited",
        ],
        complete: true,
      },
      {
        title: "Optimization",
        duration: "Ongoing",
        description:
          "With the estate live on AWS, our managed operations team keeps costs, performance and security improving month by month alongside the client's own engineers.",
        activities: [
          "Rightsizing and Compute Savings Plans based on three months of real usage",
          "Automatic shutdown of non-production environments outside working hours",
          "Quarterly AWS Well-Architected reviews with a prioritised improvement plan",
          "AWS certification training for the in-house IT team",
        ],
        // Ongoing work is never finished: shown in progress, as the e-commerce timeline's last step.
        complete: false,
      },
    ],
  },
  services: {
    title: "Cloud Services Used",
    items: [
      "AWS Control Tower",
      "AWS Organizations",
      "AWS IAM Identity Center",
      "AWS Migration Hub",
      "AWS Application Migration Service",
      "AWS Database Migration Service",
      "Amazon EC2",
      "Amazon RDS for SQL Server",
      "Amazon ECS on AWS Fargate",
      "Amazon S3",
      "AWS Direct Connect",
      "AWS Transit Gateway",
      "AWS Backup",
      "AWS Systems Manager",
      "Amazon CloudWatch",
      "Amazon GuardDuty",
      "AWS Security Hub",
      "AWS Config",
    ],
  },
  results: {
    title: "The Results",
    metrics: [
      { value: "38%", label: "lower annual infrastructure costs" },
      { value: "Zero", label: "hours of unplanned downtime during cutover" },
      { value: "99.95%", label: "availability of core systems since go-live" },
      { value: "45%", label: "faster month-end financial close" },
      { value: "20 min", label: "to provision a new environment, down from 3 days" },
    ],
  },
  testimonial: {
    quote:
      "We had tried to plan this migration twice before and stalled both times. {{company_name}} gave us a business case the board could back, moved our whole estate without stopping a single production line and left our own team confident running AWS. We now spend our time improving systems rather than keeping old hardware alive.",
    author: "Claire Whitfield",
    role: "Chief Technology Officer, the client",
  },
  closing: {
    title: "Planning a Migration of Your Own?",
    text: "Talk to the AWS architects who led this programme about your estate, your constraints and your timescales, or download the full case study with the architecture, wave plan and cost model.",
    actions: [
      { kind: "link", label: "Contact Our Cloud Experts", href: "/contact" },
      {
        kind: "download",
        label: "Download Full Case Study",
        document: "enterprise-cloud-migration-case-study",
      },
    ],
  },
};
