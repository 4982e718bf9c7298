/**
 * The built-in training catalogue of SPEC.md section 9: six courses, priced in pounds. They are the
 * demo database's courses (app/db/seed-data.ts) and what /training shows when the course query fails or
 * returns none. The ids are fixed, so a course added to the basket from this list is the same
 * course the checkout finds in a seeded database.
 */
import type { CourseSummary } from "../lib/commerce/training";

/** A built-in course has every optional field of a course filled in. */
export type BuiltInCourse = CourseSummary & {
  originalPrice: number;
  rating: number;
  instructor: string;
  lastUpdated: string;
};

export const BUILT_IN_COURSES: readonly BuiltInCourse[] = [
  {
    id: "8f1c2a6e-3b7d-4c2e-9a51-0d6f4b3e7a01",
    name: "AWS Solutions Architect – Associate Preparation",
    description:
      "Design resilient, cost-aware architectures on AWS through guided labs in a sandbox account of your own. The course follows the AWS Certified Solutions Architect – Associate (SAA-C03) exam domains and finishes with two timed practice exams.",
    duration: "40 hours",
    level: "Intermediate",
    price: 1299,
    originalPrice: 1599,
    rating: 4.8,
    students: 1247,
    emoji: "☁️",
    features: [
      "VPC design, subnets and routing",
      "IAM policies and least-privilege access",
      "High availability with Auto Scaling and Elastic Load Balancing",
      "Choosing between RDS, Aurora and DynamoDB",
      "S3 storage classes and lifecycle rules",
      "Cost optimisation with AWS Cost Explorer",
      "Two timed practice exams with debriefs",
    ],
    instructor: "James Okafor, AWS Certified Solutions Architect – Professional",
    lastUpdated: "June 2025",
  },
  {
    id: "8f1c2a6e-3b7d-4c2e-9a51-0d6f4b3e7a02",
    name: "Applied Machine Learning & AI for Business",
    description:
      "Learn how to frame business problems as machine learning tasks and build, evaluate and explain models in Python. Each module ends with a worked case from retail, finance or logistics, so you leave with patterns you can reuse at work.",
    duration: "48 hours",
    level: "Intermediate",
    price: 1599,
    originalPrice: 1999,
    rating: 4.9,
    students: 863,
    emoji: "🤖",
    features: [
      "Framing problems and choosing success metrics",
      "Data preparation with pandas and scikit-learn",
      "Classification, regression and gradient-boosted trees",
      "Model evaluation and avoiding data leakage",
      "Explainability with SHAP values",
      "Building assistants with large language models and retrieval",
      "Responsible AI, bias testing and UK GDPR considerations",
      "Deploying a model behind a REST API",
    ],
    instructor: "Dr Priya Raman, PhD in Machine Learning",
    lastUpdated: "May 2025",
  },
  {
    id: "8f1c2a6e-3b7d-4c2e-9a51-0d6f4b3e7a03",
    name: "Cyber Security Fundamentals",
    description:
      "A practical introduction to how organisations are attacked and how they defend themselves, taught in a safe virtual lab. It suits IT staff moving into security and managers who need to hold informed conversations with their security team.",
    duration: "32 hours",
    level: "Beginner",
    price: 999,
    originalPrice: 1299,
    rating: 4.7,
    students: 1582,
    emoji: "🔐",
    features: [
      "The threat landscape and common attack paths",
      "Network security, firewalls and segmentation",
      "Identity, passwords and multi-factor authentication",
      "Phishing analysis and email security",
      "Vulnerability scanning and patch management",
      "Incident response: the first 24 hours",
      "The five Cyber Essentials controls in practice",
    ],
    instructor: "Hannah Lowe, CISSP",
    lastUpdated: "July 2025",
  },
  {
    id: "8f1c2a6e-3b7d-4c2e-9a51-0d6f4b3e7a04",
    name: "Full-Stack Web Development with React & Node.js",
    description:
      "Build and ship a complete web application with React, TypeScript, Node.js and PostgreSQL, from the first component to a production deployment. Code reviews from the instructor after every sprint reinforce the habits our own engineering teams rely on.",
    duration: "60 hours",
    level: "Intermediate",
    price: 1399,
    originalPrice: 1799,
    rating: 4.8,
    students: 1034,
    emoji: "💻",
    features: [
      "Modern TypeScript for front and back end",
      "React components, hooks and state management",
      "Server-side rendering and data loading",
      "REST API design with Node.js",
      "PostgreSQL schema design and migrations",
      "Authentication, sessions and OWASP Top 10 defences",
      "Automated testing with Vitest and Playwright",
      "Continuous deployment to the cloud",
    ],
    instructor: "Tomasz Nowak, MSc Software Engineering",
    lastUpdated: "June 2025",
  },
  {
    id: "8f1c2a6e-3b7d-4c2e-9a51-0d6f4b3e7a05",
    name: "Agile Project Management & Scrum",
    description:
      "Run delivery teams with Scrum and Kanban, and learn to adapt them for fixed-budget and regulated projects. The course prepares you for a professional Scrum Master certification and includes a full simulated sprint.",
    duration: "24 hours",
    level: "Beginner",
    price: 899,
    originalPrice: 1199,
    rating: 4.6,
    students: 2115,
    emoji: "📋",
    features: [
      "Scrum roles, events and artefacts",
      "Writing user stories and acceptance criteria",
      "Backlog refinement and estimation",
      "Kanban flow metrics and WIP limits",
      "Running effective retrospectives",
      "Agile delivery under fixed budgets and contracts",
    ],
    instructor: "Eleanor Briggs, Professional Scrum Master II",
    lastUpdated: "April 2025",
  },
  {
    id: "8f1c2a6e-3b7d-4c2e-9a51-0d6f4b3e7a06",
    name: "DevOps & Kubernetes in Production",
    description:
      "Automate build, test and release pipelines and run containerised workloads on Kubernetes with confidence. Designed for experienced engineers, it covers the operational detail that tutorials skip, from rollbacks to capacity planning.",
    duration: "45 hours",
    level: "Advanced",
    price: 1699,
    originalPrice: 2199,
    rating: 4.9,
    students: 642,
    emoji: "🚀",
    features: [
      "Container images and supply-chain security",
      "Kubernetes workloads, services and ingress",
      "Helm charts and GitOps with Argo CD",
      "CI/CD pipelines with automated quality gates",
      "Infrastructure as code with Terraform",
      "Observability with Prometheus and Grafana",
      "Blue-green and canary releases",
      "Preparation for the Certified Kubernetes Administrator exam",
    ],
    instructor: "Marcus Hale, Certified Kubernetes Administrator",
    lastUpdated: "July 2025",
  },
];
