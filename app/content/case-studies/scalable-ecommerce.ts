/**
 * Case study: re-platforming a UK fashion and homeware retailer's online shop on AWS, at
 * /case-studies/scalable-ecommerce and /scalable-ecommerce (SPEC.md section 2, "Cyber security and
 * case studies"), linked from the product development and cloud pages. Overview, challenges,
 * solution, an implementation timeline whose last phase alone is still in progress, the AWS services
 * used, results, a six-question FAQ and a download of the case study as a PDF. The client is invented
 * and unnamed; all figures are static marketing copy.
 */

import type { CaseStudy } from "../types";

export const SCALABLE_ECOMMERCE: CaseStudy = {
  path: "/case-studies/scalable-ecommerce",
  aliases: ["/scalable-ecommerce"],
  parent: { label: "Product Development", href: "/product-development" },
  seo: {
    title: "Scalable E-commerce Platform on AWS: Retail Case Study",
    description:
      "How a UK retailer moved from a fragile monolith to a headless AWS platform that handled 12 times normal traffic on Black Friday with 99.99% availability.",
  },
  published: "2025-02-18",
  header: {
    industry: "Retail & E-commerce",
    title: "A shop that scales for Black Friday and costs less the rest of the year",
    client:
      "A UK fashion and homeware retailer with 140 stores and an online business taking £180 million a year, around 40% of total sales.",
    facts: [
      { value: "£180m", label: "annual online sales" },
      { value: "12×", label: "normal traffic at peak" },
      { value: "10 months", label: "to full cut-over" },
    ],
  },
  overview: {
    title: "Project Overview",
    paragraphs: [
      "The retailer's website ran on a heavily customised commerce suite hosted in a co-location data centre. It had served the business well for a decade, but online had grown from a tenth of sales to two fifths, and the platform had not kept up.",
      "After the site failed for 47 minutes on the Friday morning of its biggest promotion, losing an estimated £1.9 million in orders, the board approved a new platform. {{company_name}} designed and built a headless, cloud-native commerce platform on AWS, migrated to it one capability at a time so the shop never closed, and continues to run and improve it with the retailer's own engineering team.",
    ],
  },
  challenges: {
    title: "The Challenge",
    items: [
      {
        icon: "server",
        title: "Fixed capacity",
        description:
          "Servers were sized for an average day. Adding capacity for peak took six weeks of procurement, and that hardware sat idle for the other eleven months of the year.",
      },
      {
        icon: "gauge",
        title: "Slow pages, lost sales",
        description:
          "Product pages took 4.8 seconds to load on a mid-range phone, and mobile shoppers, 72% of all traffic, abandoned their baskets far more often than desktop users.",
      },
      {
        icon: "package",
        title: "One codebase, monthly releases",
        description:
          "Search, basket, checkout and content were all tangled in one application, so every change needed a full regression test and releases happened once a month in an overnight window.",
      },
      {
        icon: "lock",
        title: "Broad PCI DSS scope",
        description:
          "Card data passed through the application servers, bringing the whole platform into PCI DSS scope and making each annual assessment long and expensive.",
      },
    ],
  },
  solution: {
    title: "Our Solution",
    intro:
      "We replaced the monolith with a set of independently deployable services behind a fast, cache-first storefront, and moved traffic across gradually using the strangler pattern, so each part of the shop was proven in production before the next one moved.",
    items: [
      {
        icon: "globe",
        title: "Headless storefront at the edge",
        description:
          "A server-rendered React storefront is served through Amazon CloudFront, with category and product pages cached at the edge and refreshed within seconds when prices or stock change.",
      },
      {
        icon: "layers",
        title: "Independent commerce services",
        description:
          "Catalogue, search, pricing, basket, checkout and order services run as containers on Amazon ECS with AWS Fargate, each scaling on its own metrics and deployed by its own team.",
      },
      {
        icon: "database",
        title: "The right data store for each job",
        description:
          "Amazon Aurora PostgreSQL holds orders and customers, DynamoDB holds baskets and sessions at single-digit millisecond latency, and Amazon OpenSearch Service powers search with typo tolerance and faceted filters.",
      },
      {
        icon: "workflow",
        title: "Event-driven order flow",
        description:
          "Orders are published to Amazon EventBridge and processed through SQS queues, so a slow warehouse or payment system can never take the checkout down with it.",
      },
      {
        icon: "shield-check",
        title: "Reduced PCI scope and edge protection",
        description:
          "Hosted payment fields keep card data off the retailer's servers entirely, while AWS WAF and AWS Shield filter bots and attacks before they reach the application.",
      },
      {
        icon: "rocket",
        title: "Continuous delivery",
        description:
          "Infrastructure is defined in code, every service has its own pipeline with automated tests, and new versions roll out gradually with automatic roll-back if error rates rise.",
      },
    ],
  },
  timeline: {
    title: "Implementation Timeline",
    phases: [
      {
        title: "Discovery & Architecture",
        duration: "6 weeks",
        description:
          "Mapping the existing platform, its integrations and its peak-day behaviour, then agreeing the target architecture and migration order.",
        activities: [
          "Load and performance profiling of the existing site using last year's peak traffic",
          "Inventory of 34 integrations with warehouse, ERP, payment and marketing systems",
          "Target architecture and security design reviewed against the AWS Well-Architected Framework",
          "Migration sequence and success measures agreed with the retailer's board",
        ],
        complete: true,
      },
      {
        title: "Platform Foundations",
        duration: "8 weeks",
        description:
          "Building the secure AWS accounts, networking, pipelines and observability that every service would rely on.",
        activities: [
          "Multi-account AWS landing zone with separate production, staging and development accounts",
          "Infrastructure as code for networking, containers and databases",
          "Build and deployment pipelines with automated testing for every service",
          "Logging, metrics and tracing with Amazon CloudWatch and AWS X-Ray",
        ],
        complete: true,
      },
      {
        title: "Incremental Migration",
        duration: "5 months",
        description:
          "Moving the shop to the new platform one capability at a time, with traffic routed gradually from the old system to the new.",
        activities: [
          "New storefront launched behind CloudFront, starting with 5% of visitors",
          "Catalogue and search moved to the new services and OpenSearch",
          "Basket and checkout rebuilt with hosted payment fields to reduce PCI DSS scope",
          "Order history and customer accounts migrated, with data reconciled daily until cut-over",
        ],
        complete: true,
      },
      {
        title: "Peak Readiness & Launch",
        duration: "6 weeks",
        description:
          "Proving the platform at Black Friday volumes before switching the last traffic over and retiring the data centre.",
        activities: [
          "Load tests at 15 times normal traffic, including a simulated sell-out of a limited product drop",
          "Game-day failure exercises covering database failover and the loss of an Availability Zone",
          "Final traffic cut-over and decommissioning of the co-location hosting",
          "Joint on-call rota with the retailer's engineers for the first peak season",
        ],
        complete: true,
      },
      {
        title: "Monitoring & Support",
        duration: "Ongoing",
        description:
          "Round-the-clock monitoring and support, continuous tuning of cost and performance, and the launch of localised shops for Ireland and the European Union.",
        activities: [
          "24/7 monitoring of checkout, search and payment journeys, with alerts routed to a joint on-call rota",
          "Monthly cost reviews using Graviton-based containers and Savings Plans",
          "Personalised product recommendations driven by browsing and order history",
          "Euro pricing, localised content and EU-based order fulfilment integration",
          "Knowledge transfer so the retailer's team owns more of the services each quarter",
        ],
        complete: false,
      },
    ],
  },
  services: {
    title: "Cloud Services Used",
    items: [
      "Amazon CloudFront",
      "Amazon ECS with AWS Fargate",
      "Amazon Aurora PostgreSQL",
      "Amazon DynamoDB",
      "Amazon OpenSearch Service",
      "Amazon ElastiCache",
      "Amazon EventBridge",
      "Amazon SQS",
      "AWS Lambda",
      "Amazon S3",
      "AWS WAF and AWS Shield",
      "Amazon CloudWatch and AWS X-Ray",
    ],
  },
  results: {
    title: "The Results",
    metrics: [
      { value: "99.99%", label: "availability through Black Friday week" },
      { value: "4.8s → 1.2s", label: "product page load on mobile" },
      { value: "+28%", label: "mobile conversion rate" },
      { value: "35%", label: "lower hosting cost per order" },
    ],
    outcomes: [
      "The platform handled 12 times normal traffic on Black Friday, peaking at 2,300 orders a minute, without manual intervention.",
      "Releases went from one a month to more than 40 a week, each without downtime.",
      "PCI DSS scope shrank to the simplest self-assessment questionnaire appropriate to hosted payment fields, cutting assessment effort by around 70%.",
      "Capacity now scales down overnight and after peak, so the retailer pays for what shoppers use rather than for the busiest hour of the year.",
    ],
  },
  faq: {
    title: "Frequently Asked Questions",
    items: [
      {
        question: "Why migrate gradually instead of launching the new platform in one go?",
        answer:
          "A single big-bang launch puts the whole business at risk on one night, and problems surface when they are hardest to fix. Routing traffic to the new platform a capability at a time let us compare the old and new systems on real shoppers, roll back in seconds if anything looked wrong, and deliver benefits such as faster product pages months before the project finished.",
      },
      {
        question: "How did you make sure the site would survive Black Friday?",
        answer:
          "We load tested at 15 times normal traffic, above the 12 times the retailer actually saw, using realistic journeys rather than simple page requests. We also ran game-day exercises where we deliberately failed a database and took away an Availability Zone to prove the platform recovered on its own. Each service scales on its own measure, such as queue depth or requests per container, and scheduled scaling warms capacity up before a promotion starts.",
      },
      {
        question: "Does a cloud platform cost more to run than the old data centre?",
        answer:
          "Not in this case. Hosting cost per order fell by 35% because capacity follows demand instead of being sized for the busiest hour of the year, and the co-location contract and hardware refresh were retired. Monthly cost reviews, Graviton-based containers and Savings Plans keep the bill in check as the business grows.",
      },
      {
        question: "Why choose a headless architecture rather than a packaged e-commerce platform?",
        answer:
          "Separating the storefront from the commerce services let the retailer's designers change the shopping experience without touching checkout, and let each service scale and release independently. A packaged platform can be the right answer for a smaller catalogue or simpler operations, and we recommend one when it is. Here, 34 integrations and highly seasonal traffic made independent services the better long-term fit.",
      },
      {
        question: "How was customer and payment data kept secure?",
        answer:
          "Card details are captured by the payment provider's hosted fields, so they never touch the retailer's servers, which removed most of the platform from PCI DSS scope. Customer data is encrypted at rest and in transit, access to production uses short-lived roles, and AWS WAF and AWS Shield filter malicious traffic and credential-stuffing bots at the edge.",
      },
      {
        question: "Can the retailer's own team run and extend the platform?",
        answer:
          "Yes, and that was a goal from the start. The retailer's engineers joined our squads from the first sprint, share the on-call rota and now own the catalogue and content services outright. Every service is documented, defined in code and deployed through the same pipeline, so there is nothing only {{company_name}} knows how to change.",
      },
    ],
  },
  closing: {
    title: "Ready for your next peak?",
    text: "Whether your shop struggles on sale days or your releases have slowed to a crawl, we can help you plan a platform that scales with demand and a migration that never closes the shop.",
    actions: [
      { kind: "link", label: "Discuss Your Platform", href: "/contact" },
      { kind: "download", label: "Download Case Study", document: "scalable-ecommerce-case-study" },
    ],
  },
};
