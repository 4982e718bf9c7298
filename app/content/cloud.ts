/**
 * Copy for the AWS Cloud pages (SPEC.md section 2, "Cloud pages"): the /cloud overview (four
 * service groups, three case studies, a six-question FAQ) and the Data Lake & Analytics service
 * page (/cloud/data-lake-analytics, also at /data-lake-analytics). Plain data only; the company's
 * name is the {{company_name}} placeholder, filled in from site settings. The enterprise cloud
 * migration and financial-services security case studies live in `app/content/case-studies/`.
 * All figures are static marketing copy.
 */

import type { OverviewPage, ServicePage } from "./types";

export const CLOUD_OVERVIEW: OverviewPage = {
  path: "/cloud",
  seo: {
    title: "AWS Cloud Services",
    description:
      "AWS migration, data and analytics, security and managed operations from an AWS partner with offices in London and Boston, delivering cloud projects since 2008.",
  },
  hero: {
    eyebrow: "AWS Cloud",
    title: "Move to AWS, Modernise and Run It Well",
    lead: "{{company_name}} is an AWS partner that plans, migrates and runs cloud platforms for organisations in the UK and the USA. Using our Innovate, Invest, Implement framework, we link every workload to a business case, land it on a secure, well-governed foundation and keep it fast, resilient and cost-efficient once it is live.",
    actions: [
      { kind: "link", label: "Start Your Cloud Journey", href: "/contact" },
      { kind: "download", label: "Download AWS Guide", document: "aws-guide" },
    ],
  },
  cards: {
    title: "Our AWS Cloud Services",
    intro:
      "Four service groups that cover the whole journey, from the first discovery workshop to day-to-day operations and cost control. Engage us for one, or for all four.",
    items: [
      {
        icon: "cloud",
        title: "Migration & Modernisation",
        description:
          "We assess your estate, choose the right path for each application (rehost, replatform or refactor) and move it in planned waves with tested rollback, so the business keeps running throughout.",
        features: [
          "Discovery and business case with AWS Migration Hub and Migration Evaluator",
          "Secure multi-account landing zone built on AWS Control Tower",
          "Server moves with AWS Application Migration Service",
          "Database migration with AWS DMS and the Schema Conversion Tool",
          "Containers and serverless refactoring on Amazon EKS, ECS and AWS Lambda",
        ],
      },
      {
        icon: "database",
        title: "Data & Analytics",
        description:
          "We bring data from your operational systems into one governed platform, so analysts, finance teams and data scientists work from the same trusted figures.",
        features: [
          "Data lakes on Amazon S3 governed with AWS Lake Formation",
          "Batch and streaming pipelines with AWS Glue and Amazon Kinesis",
          "Interactive SQL with Amazon Athena and warehousing on Amazon Redshift",
          "Dashboards and embedded reporting with Amazon QuickSight",
          "Machine learning foundations on Amazon SageMaker",
        ],
      },
      {
        icon: "shield-check",
        title: "Security & Compliance",
        description:
          "We design security in from the start and automate the evidence your auditors ask for, mapped to frameworks such as ISO 27001, Cyber Essentials, PCI DSS and UK GDPR.",
        features: [
          "Threat detection with Amazon GuardDuty and Amazon Inspector",
          "Central findings and benchmark checks in AWS Security Hub",
          "Least-privilege access with AWS IAM Identity Center and service control policies",
          "Encryption and key management with AWS KMS",
          "Continuous compliance with AWS Config and AWS Audit Manager",
        ],
      },
      {
        icon: "gauge",
        title: "Managed Operations & FinOps",
        description:
          "Once you are live, our London and Boston teams monitor, patch and improve your environment, and report on spend every month so savings are found and kept.",
        features: [
          "24/7 monitoring and alerting with Amazon CloudWatch",
          "Patching, backup and recovery with AWS Systems Manager and AWS Backup",
          "Savings Plans, Reserved Instances and rightsizing with AWS Compute Optimizer",
          "Cost allocation tagging and monthly reviews in AWS Cost Explorer",
          "Quarterly AWS Well-Architected reviews",
        ],
      },
    ],
  },
  caseStudies: {
    title: "Cloud Success Stories",
    intro: "How organisations like yours have used AWS, with our help, to cut costs, scale and make better decisions.",
    items: [
      {
        icon: "server",
        title: "Enterprise Cloud Migration",
        description:
          "A UK manufacturer closed two ageing data centres and moved 340 servers to AWS in four months, cutting infrastructure costs by 38% with no unplanned downtime.",
        href: "/enterprise-cloud-migration",
        linkLabel: "Read the cloud migration case study",
      },
      {
        icon: "shopping-cart",
        title: "Scalable E-commerce Platform",
        description:
          "A UK fashion and homeware retailer replaced a fragile monolith with a headless AWS platform that handled 12 times normal traffic on Black Friday with 99.99% availability.",
        href: "/scalable-ecommerce",
        linkLabel: "Read the scalable e-commerce case study",
      },
      {
        icon: "database",
        title: "Data Lake & Analytics",
        description:
          "A logistics group unified nine source systems in a governed data lake, replacing overnight batch reports with dashboards refreshed every 15 minutes.",
        href: "/data-lake-analytics",
        linkLabel: "See the data lake and analytics case study",
      },
    ],
  },
  faq: {
    title: "AWS Cloud: Frequently Asked Questions",
    items: [
      {
        question: "How long does a migration to AWS take?",
        answer:
          "It depends on the size and complexity of your estate. A focused move of a few dozen servers typically takes eight to twelve weeks, while an enterprise programme of several hundred servers usually runs for six to nine months, including a six-week assessment and a proof of concept. We migrate in waves, so the first applications are live on AWS well before the programme ends.",
      },
      {
        question: "Will moving to AWS actually reduce our costs?",
        answer:
          "For most of our clients it does, typically by 25 to 40% of infrastructure spend, but only if the environment is right-sized and actively managed. We build a business case from your real utilisation data before you commit, then apply Savings Plans, rightsizing and automatic scheduling of non-production environments after go-live. Where you are eligible, we also help you apply for AWS funding programmes such as the Migration Acceleration Program to offset migration costs.",
      },
      {
        question: "Can our data stay in the UK?",
        answer:
          "Yes. We deploy UK workloads to the AWS Europe (London) Region by default and use service control policies in AWS Organizations to stop resources being created in other regions. Backups and disaster recovery copies can also be kept within the UK, or in a second region you approve, to meet your data residency and UK GDPR obligations.",
      },
      {
        question: "Do we need to rewrite our applications to use the cloud?",
        answer:
          "No. Many applications move as they are (rehosting) and still benefit from better resilience and on-demand capacity. We assess each application against the common migration strategies and recommend refactoring only where the business benefit justifies the effort, for example a customer-facing system that needs to scale quickly. Modernisation can then follow in stages once you are safely on AWS.",
      },
      {
        question: "How do you keep our AWS environment secure?",
        answer:
          "Every environment starts from a multi-account landing zone built with AWS Control Tower, with guardrails, central logging in AWS CloudTrail and single sign-on through AWS IAM Identity Center. We enable Amazon GuardDuty and AWS Security Hub across all accounts and review findings daily as part of our managed service. Security controls are mapped to the frameworks you report against, so audit evidence is collected continuously rather than assembled at the last minute.",
      },
      {
        question: "What support do you provide after go-live?",
        answer:
          "Our managed operations service covers 24/7 monitoring, incident response, patching, backup testing and monthly cost reviews, delivered from our London and Boston offices. You get a named technical account lead and a quarterly AWS Well-Architected review with a prioritised improvement plan. If you prefer to run the platform yourselves, we offer a structured handover and training for your team instead.",
      },
    ],
  },
  closing: {
    title: "Ready to Start Your Cloud Journey?",
    text: "Tell us where you are today and where you want to be. We will arrange a free one-hour discovery session with one of our AWS architects and follow up with practical next steps, whether that is a migration assessment, a data platform or a security review.",
    actions: [{ kind: "link", label: "Start Your Cloud Journey", href: "/contact" }],
  },
};

export const DATA_LAKE_PAGE: ServicePage = {
  path: "/cloud/data-lake-analytics",
  aliases: ["/data-lake-analytics"],
  parent: { label: "AWS Cloud", href: "/cloud" },
  seo: {
    title: "Data Lake & Analytics on AWS",
    description:
      "Governed AWS data lakes built with Amazon S3, Lake Formation, Glue, Athena and Redshift, turning scattered data into trusted, near-real-time analytics.",
  },
  hero: {
    eyebrow: "AWS Cloud",
    title: "Data Lake & Analytics on AWS",
    lead: "{{company_name}} designs and builds governed data lakes on AWS that bring your operational, financial and customer data together in one place. Your teams query it with familiar SQL tools, your dashboards refresh in minutes rather than overnight, and your data scientists finally have a foundation they can build on.",
    actions: [{ kind: "link", label: "Build Your Data Lake", href: "/contact" }],
  },
  checklist: {
    title: "What a well-built data lake gives you",
    items: [
      "One governed source of truth, so every team reports from the same figures",
      "Near-real-time insight, with dashboards refreshed in minutes instead of overnight",
      "Lower analytics costs, paying for storage and queries only as you use them",
      "A ready foundation for machine learning and generative AI on your own data",
    ],
  },
  features: {
    title: "What We Build",
    intro:
      "A modern lakehouse architecture on AWS, designed around your data, your reporting needs and your compliance obligations.",
    items: [
      {
        icon: "workflow",
        title: "Data Ingestion",
        description:
          "Reliable pipelines that bring data in from databases, SaaS applications, files and event streams, in batches or continuously.",
        features: [
          "Change data capture with AWS DMS",
          "Streaming with Amazon Kinesis Data Streams and Amazon Data Firehose",
          "SaaS connectors with Amazon AppFlow",
        ],
      },
      {
        icon: "layers",
        title: "Lakehouse Storage",
        description:
          "Durable, low-cost storage on Amazon S3 using open table formats, so your data is never locked into a single engine.",
        features: [
          "Apache Iceberg tables with time travel and schema evolution",
          "Columnar Parquet files, partitioned for fast queries",
          "S3 Intelligent-Tiering for infrequently used history",
        ],
      },
      {
        icon: "lock",
        title: "Governance & Security",
        description:
          "Fine-grained access to tables, columns and rows, with a searchable catalogue and a full audit trail of who queried what.",
        features: [
          "Permissions and row-level security with AWS Lake Formation",
          "Central metadata in the AWS Glue Data Catalog",
          "Sensitive data discovery with Amazon Macie",
        ],
      },
      {
        icon: "settings",
        title: "Transformation & Data Quality",
        description:
          "Tested, version-controlled transformations that turn raw records into clean, business-ready data sets with checks at every stage.",
        features: [
          "Serverless Spark jobs with AWS Glue",
          "Automated quality rules with AWS Glue Data Quality",
          "Orchestration with AWS Step Functions or Amazon MWAA",
        ],
      },
      {
        icon: "bar-chart",
        title: "Analytics & Visualisation",
        description:
          "Fast SQL for analysts, a warehouse for heavy reporting and dashboards that business users can explore for themselves.",
        features: [
          "Ad hoc queries with Amazon Athena",
          "High-performance reporting with Amazon Redshift Serverless",
          "Interactive dashboards with Amazon QuickSight",
        ],
      },
      {
        icon: "brain",
        title: "Machine Learning Ready",
        description:
          "Curated, well-documented data that your data scientists can use straight away for forecasting, classification and AI assistants.",
        features: [
          "Feature engineering and model training in Amazon SageMaker",
          "Retrieval-augmented generation with Amazon Bedrock knowledge bases",
          "Reproducible training sets using Iceberg snapshots",
        ],
      },
    ],
  },
  caseStudy: {
    industry: "Logistics",
    title: "From Overnight Reports to Near-Real-Time Operations",
    client:
      "A UK logistics and freight-forwarding group with around 4,000 employees, a fleet of 2,500 vehicles and warehouses across the UK and Ireland.",
    challenge:
      "Operational data was spread across nine systems, including a warehouse management system, telematics, a transport management system and two finance platforms. Reports were built in spreadsheets from overnight extracts, so managers were always working from yesterday's figures, depots disagreed on basic numbers and an ageing on-premises warehouse was expensive to run and close to capacity.",
    solution:
      "Over 16 weeks we built a governed data lake on Amazon S3 using Apache Iceberg tables. AWS DMS streams changes from the operational databases, vehicle telematics arrive through Amazon Kinesis, and AWS Glue jobs clean and model the data with automated quality checks. AWS Lake Formation controls access by region and role, analysts query with Amazon Athena and Amazon Redshift Serverless, and Amazon QuickSight dashboards give depot and executive teams the same live view.",
    results: [
      { value: "15 min", label: "data freshness, down from a 24-hour batch" },
      { value: "70%", label: "faster report production" },
      { value: "40%", label: "lower analytics running costs" },
      { value: "9", label: "source systems unified in one governed lake" },
    ],
  },
  faq: {
    title: "Data Lake & Analytics: Frequently Asked Questions",
    items: [
      {
        question: "What is the difference between a data lake and a data warehouse?",
        answer:
          "A data warehouse stores structured, modelled data for known reports, while a data lake stores data of any shape at low cost, including raw history, logs and documents. Most of our clients need both, so we build a lakehouse: Amazon S3 holds everything in open formats and Amazon Redshift or Athena serve the curated layers. That gives you the flexibility of a lake with the performance and reliability of a warehouse.",
      },
      {
        question: "How long does it take to build a data lake on AWS?",
        answer:
          "A first production release covering two or three priority data sources and a set of dashboards typically takes 10 to 16 weeks. We start with a short discovery to agree the use cases that matter most, then add sources in iterations. Your teams see working results within the first six weeks rather than waiting for the whole platform.",
      },
      {
        question: "How do you stop a data lake becoming a data swamp?",
        answer:
          "Through governance from day one. Every data set is registered in the AWS Glue Data Catalog with an owner, a description and a data classification, and AWS Glue Data Quality rules check each load before it is published. Data moves through clearly separated raw, cleaned and curated layers, so users always know which tables they can trust.",
      },
      {
        question: "How is access to sensitive data controlled?",
        answer:
          "We use AWS Lake Formation to grant permissions on databases, tables, columns and even individual rows, for example so a regional manager sees only their own depots. Personal data can be masked or tokenised, Amazon Macie scans for sensitive data that lands unexpectedly, and every query is logged in AWS CloudTrail. This supports your UK GDPR obligations and makes access reviews straightforward.",
      },
      {
        question: "What does a data lake cost to run?",
        answer:
          "Running costs are usually modest because storage on Amazon S3 is inexpensive and serverless services such as Athena, Glue and Redshift Serverless charge only when they are used. Partitioned Parquet files and Iceberg tables keep the amount of data scanned per query low, and lifecycle rules move old data to cheaper storage tiers. Clients replacing an on-premises warehouse typically reduce their analytics costs by 30 to 50%, and we set budgets and alerts so there are no surprises.",
      },
    ],
  },
  closing: {
    title: "Turn Your Data into Decisions",
    text: "Whether you are starting from spreadsheets or modernising an existing warehouse, our AWS data specialists will help you design a data lake that fits your organisation. Book a free architecture session or download our reference architecture guide.",
    actions: [
      { kind: "link", label: "Build Your Data Lake", href: "/contact" },
      { kind: "link", label: "Start Your Project", href: "/contact" },
      { kind: "download", label: "Download Architecture Guide", document: "data-lake-architecture-guide" },
    ],
  },
};
