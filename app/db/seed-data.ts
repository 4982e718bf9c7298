/**
 * Demo content for the fictional company "Larkspire Digital" (SPEC.md sections 1, 2, 3 and 9).
 *
 * Everything here is invented: the company, its people, its clients and its figures. Contact details
 * use reserved ranges only: Ofcom drama numbers (020 7946 0xxx), the fictional US 555-01xx range and
 * e-mail addresses on the reserved `.example` top-level domain.
 *
 * Body text may use `{{setting_key}}` placeholders; the site replaces them with site-setting values.
 */
import { BUILT_IN_COURSES } from "../content/training-courses";
import type { BlockType, CareerType, ContentStatus, ContentType, SettingType } from "../lib/enums";
import type {
  careers,
  content,
  contentBlocks,
  navigationItems,
  pageContent,
  siteSettings,
  trainingCourses,
} from "./schema";

type NewNavigationItem = typeof navigationItems.$inferInsert;
type NewSiteSetting = typeof siteSettings.$inferInsert;
type NewTrainingCourse = typeof trainingCourses.$inferInsert;
type NewPageContent = typeof pageContent.$inferInsert;
type NewCareer = typeof careers.$inferInsert;
type NewContent = typeof content.$inferInsert;
type NewContentBlock = typeof contentBlocks.$inferInsert;

/* The enumerated columns are plain text in the schema; these narrower shapes let the compiler check
 * every seed value against the same lists the database check constraints use. */
type SeedSiteSetting = NewSiteSetting & { settingType: SettingType };
type SeedCareer = NewCareer & { type: CareerType };
type SeedContentBlock = NewContentBlock & { blockType: BlockType };
type SeedContent = NewContent &
  (
    | { type: ContentType; status: "published"; publishedAt: Date }
    | { type: ContentType; status: Exclude<ContentStatus, "published">; publishedAt?: undefined }
  );

export const COMPANY_NAME = "Larkspire Digital";

const EMAIL_DOMAIN = "larkspire.example";

/* ------------------------------------------------------------------------------------------------
 * Navigation
 * ---------------------------------------------------------------------------------------------- */

export const seedNavigationItems: NewNavigationItem[] = [
  { title: "Home", url: "/", menuPosition: "main", isActive: true, sortOrder: 10 },
  { title: "About", url: "/about", menuPosition: "main", isActive: true, sortOrder: 20 },
  { title: "Services", url: "/services", menuPosition: "main", isActive: true, sortOrder: 30 },
  { title: "Training", url: "/training", menuPosition: "main", isActive: true, sortOrder: 40 },
  { title: "Contact", url: "/contact", menuPosition: "main", isActive: true, sortOrder: 50 },
  { title: "Legal", url: "/legal", menuPosition: "main", isActive: true, sortOrder: 60 },
];

/* ------------------------------------------------------------------------------------------------
 * Site settings
 * ---------------------------------------------------------------------------------------------- */

const siteSettingRows: SeedSiteSetting[] = [
  {
    settingKey: "site_title",
    settingValue: "Larkspire Digital | AI, Cloud, Cyber Security & Software Engineering",
    settingType: "text",
    description: "The default page title shown in browser tabs and search results when a page sets none.",
    isPublic: true,
  },
  {
    settingKey: "site_description",
    settingValue:
      "Larkspire Digital is a UK and US technology partner delivering AI, AWS cloud, cyber security, software development and professional training since 2008.",
    settingType: "textarea",
    description: "The default meta description (about 150 characters) used by search engines when a page sets none.",
    isPublic: true,
  },
  {
    settingKey: "company_name",
    settingValue: COMPANY_NAME,
    settingType: "text",
    description: "The trading name of the company, used in the footer, copyright line and page text.",
    isPublic: true,
  },
  {
    settingKey: "company_tagline",
    settingValue: "Innovate, Invest, Implement",
    settingType: "text",
    description: "The brand framework line shown beneath the company name.",
    isPublic: true,
  },
  {
    settingKey: "company_blurb",
    settingValue:
      "Since 2008, Larkspire Digital has helped organisations in the UK and USA turn ambitious technology plans into dependable, secure systems. We combine AI, AWS cloud, cyber security and software engineering with hands-on training so your teams can run what we build together.",
    settingType: "textarea",
    description: "The two-sentence company summary shown in the site footer.",
    isPublic: true,
  },
  {
    settingKey: "founded_year",
    settingValue: "2008",
    settingType: "number",
    description: "The year the company was founded, quoted on the About page.",
    isPublic: true,
  },
  {
    settingKey: "contact_email",
    settingValue: `hello@${EMAIL_DOMAIN}`,
    settingType: "email",
    description: "The general enquiries address shown in the footer and on the Contact page.",
    isPublic: true,
  },
  {
    settingKey: "support_email",
    settingValue: `support@${EMAIL_DOMAIN}`,
    settingType: "email",
    description: "The address existing clients and course delegates use for support, shown on the Contact page.",
    isPublic: true,
  },
  {
    settingKey: "careers_email",
    settingValue: `careers@${EMAIL_DOMAIN}`,
    settingType: "email",
    description: "The address for speculative job applications and recruitment questions.",
    isPublic: true,
  },
  {
    settingKey: "phone_primary",
    settingValue: "020 7946 0321",
    settingType: "phone",
    description: "The main London switchboard number, shown in the footer and on the Contact page.",
    isPublic: true,
  },
  {
    settingKey: "phone_secondary",
    settingValue: "020 7946 0847",
    settingType: "phone",
    description: "The second UK number (client support line), shown on the Contact page.",
    isPublic: true,
  },
  {
    settingKey: "phone_us",
    settingValue: "+1 (617) 555-0142",
    settingType: "phone",
    description: "The Boston office number for clients in the USA.",
    isPublic: true,
  },
  {
    settingKey: "address_uk",
    settingValue: "4th Floor, 27 Clerkenwell Road, London, EC1M 5RN, United Kingdom",
    settingType: "text",
    description: "The London head office postal address, shown in the footer and on the Contact page.",
    isPublic: true,
  },
  {
    settingKey: "address_us",
    settingValue: "Suite 610, 200 Atlantic Avenue, Boston, MA 02110, USA",
    settingType: "text",
    description: "The Boston office postal address, shown on the Contact page.",
    isPublic: true,
  },
  {
    settingKey: "business_hours_weekdays",
    settingValue: "Mon-Fri 9:00-18:00",
    settingType: "text",
    description: "Opening hours from Monday to Friday (UK time), shown on the Contact page.",
    isPublic: true,
  },
  {
    settingKey: "business_hours_saturday",
    settingValue: "Sat 10:00-16:00",
    settingType: "text",
    description: "Opening hours on Saturday (UK time), shown on the Contact page.",
    isPublic: true,
  },
  {
    settingKey: "business_hours_sunday",
    settingValue: "Sunday closed",
    settingType: "text",
    description: "Opening hours on Sunday, shown on the Contact page.",
    isPublic: true,
  },
  {
    settingKey: "social_facebook_url",
    settingValue: "https://www.facebook.com/larkspiredigital",
    settingType: "url",
    description: "The company Facebook page linked from the footer.",
    isPublic: true,
  },
  {
    settingKey: "social_linkedin_url",
    settingValue: "https://www.linkedin.com/company/larkspire-digital",
    settingType: "url",
    description: "The company LinkedIn page linked from the footer.",
    isPublic: true,
  },
  {
    settingKey: "social_twitter_url",
    settingValue: "https://x.com/LarkspireHQ",
    settingType: "url",
    description: "The company X (Twitter) profile linked from the footer.",
    isPublic: true,
  },
  {
    settingKey: "notification_email",
    settingValue: `enquiries-inbox@${EMAIL_DOMAIN}`,
    settingType: "email",
    description: "The internal inbox that is notified whenever a new contact submission or job application arrives.",
    isPublic: false,
  },
  {
    settingKey: "attachment_retention_days",
    settingValue: "180",
    settingType: "number",
    description: "How many days uploaded CVs and other contact attachments are kept before they are deleted.",
    isPublic: false,
  },
  {
    settingKey: "require_admin_second_factor",
    settingValue: "false",
    settingType: "boolean",
    description:
      "Require a second factor for administrators: an administrator without an authenticator app or a passkey must add one before using the CMS.",
    isPublic: false,
  },
  {
    settingKey: "cookie_policy_version",
    settingValue: "2025-07-14",
    settingType: "text",
    description: "The version (date) of the cookie policy that visitors consent to; change it to ask everyone again.",
    isPublic: true,
  },
  {
    settingKey: "exchange_rate_usd",
    settingValue: "1.28",
    settingType: "number",
    description: "US dollars per pound sterling, used to show basket prices in USD.",
    isPublic: true,
  },
  {
    settingKey: "exchange_rate_eur",
    settingValue: "1.18",
    settingType: "number",
    description: "Euros per pound sterling, used to show basket prices in EUR.",
    isPublic: true,
  },
  {
    settingKey: "exchange_rate_cad",
    settingValue: "1.74",
    settingType: "number",
    description: "Canadian dollars per pound sterling, used to show basket prices in CAD.",
    isPublic: true,
  },
  {
    settingKey: "exchange_rate_aud",
    settingValue: "1.93",
    settingType: "number",
    description: "Australian dollars per pound sterling, used to show basket prices in AUD.",
    isPublic: true,
  },
  {
    settingKey: "exchange_rate_jpy",
    settingValue: "192.76",
    settingType: "number",
    description: "Japanese yen per pound sterling, used to show basket prices in JPY.",
    isPublic: true,
  },
  {
    settingKey: "exchange_rate_cny",
    settingValue: "9.29",
    settingType: "number",
    description: "Chinese yuan per pound sterling, used to show basket prices in CNY.",
    isPublic: true,
  },
  {
    settingKey: "exchange_rate_rub",
    settingValue: "115.32",
    settingType: "number",
    description: "Russian roubles per pound sterling, used to show basket prices in RUB.",
    isPublic: true,
  },
  {
    settingKey: "exchange_rate_brl",
    settingValue: "7.02",
    settingType: "number",
    description: "Brazilian reais per pound sterling, used to show basket prices in BRL.",
    isPublic: true,
  },
  {
    settingKey: "exchange_rate_inr",
    settingValue: "106.45",
    settingType: "number",
    description: "Indian rupees per pound sterling, used to show basket prices in INR.",
    isPublic: true,
  },
];

export const seedSiteSettings: NewSiteSetting[] = siteSettingRows;

/* ------------------------------------------------------------------------------------------------
 * Training
 * ---------------------------------------------------------------------------------------------- */

export const seedTrainingCourses: NewTrainingCourse[] = BUILT_IN_COURSES.map((course) => ({
  ...course,
  isActive: true,
}));

export const seedTrainingPageContent: NewPageContent = {
  slug: "professional-training",
  title: "Professional Training",
  excerpt:
    "Instructor-led courses in cloud, AI, cyber security and software delivery, taught by the engineers who do the work every day.",
  content: `<p>Our courses are written and taught by practising consultants from ${COMPANY_NAME}, so every lab reflects problems we have solved for real clients rather than textbook examples. Classes are kept small, run live online or at our London office, and every delegate receives recordings and lab access for 90 days.</p>
<p>Whether you are preparing for a certification or building skills across a whole team, we will help you choose the right path.</p>
<ul>
  <li>Small cohorts of no more than 14 delegates</li>
  <li>Hands-on labs in dedicated sandbox environments</li>
  <li>Certificates of completion and exam preparation where relevant</li>
  <li>Private team courses tailored to your technology stack</li>
</ul>`,
  // The training artwork shipped in public/images (app/lib/site/images.ts), at its largest width.
  featuredImageUrl: "/images/showcase-training-960.webp",
};

/* ------------------------------------------------------------------------------------------------
 * Careers
 * ---------------------------------------------------------------------------------------------- */

const careerRows: SeedCareer[] = [
  {
    title: "Senior Cloud Engineer (AWS)",
    department: "Cloud Engineering",
    type: "Full-time",
    experience: "5+ years",
    location: "London (Hybrid, 2 days in office)",
    description:
      "Lead the design and delivery of AWS platforms for enterprise clients in the UK and USA, from landing zones to production migrations. You will set engineering standards for infrastructure as code, mentor mid-level engineers and act as the trusted technical voice in client workshops.",
    requirements: [
      "Five or more years building production workloads on AWS",
      "Strong Terraform or AWS CDK skills and experience of multi-account landing zones",
      "Hands-on experience with containers on ECS or EKS",
      "Good understanding of networking, IAM and security baselines",
      "AWS Certified Solutions Architect – Professional, or willingness to achieve it within a year",
      "Confidence presenting designs to senior client stakeholders",
    ],
    isActive: true,
  },
  {
    title: "Cyber Security Analyst",
    department: "Security Operations",
    type: "Full-time",
    experience: "2+ years",
    location: "London (Hybrid)",
    description:
      "Join our security operations centre, monitoring and investigating alerts for clients across finance, healthcare and retail. You will triage incidents, tune detection rules and write clear reports that help clients understand and fix the root cause.",
    requirements: [
      "Two or more years in a SOC, incident response or security engineering role",
      "Experience with at least one SIEM platform and writing detection queries",
      "Working knowledge of Windows, Linux and cloud audit logs",
      "Familiarity with the MITRE ATT&CK framework",
      "Willingness to join a shared on-call rota, with time off in lieu",
    ],
    isActive: true,
  },
  {
    title: "Full-Stack Developer (React/Node)",
    department: "Software & Product Development",
    type: "Contract",
    experience: "3+ years",
    location: "Remote (UK)",
    description:
      "Help a small product team build a customer self-service portal for a UK utilities client on a six-month initial contract. You will work across a React and TypeScript front end and Node.js services backed by PostgreSQL, with automated tests and continuous deployment from day one.",
    requirements: [
      "Three or more years of commercial TypeScript development",
      "Solid experience with React and server-side rendering",
      "Building and documenting REST APIs with Node.js",
      "Relational data modelling with PostgreSQL",
      "A habit of writing automated tests alongside your code",
      "Right to work in the UK and availability within four weeks",
    ],
    isActive: true,
  },
  {
    title: "Graduate Data Scientist",
    department: "AI & Data",
    type: "Internship",
    experience: "Graduate or final-year student",
    location: "London (Hybrid)",
    description:
      "A twelve-week paid summer internship in our AI and data team, working on forecasting and document-processing projects under the guidance of a senior data scientist. Strong interns are offered a full-time graduate role starting the following September.",
    requirements: [
      "A degree (or final year of study) in a numerate subject such as mathematics, statistics, physics or computer science",
      "Good Python skills, including pandas and scikit-learn",
      "Understanding of core statistics and model evaluation",
      "Ability to explain technical findings to a non-technical audience",
    ],
    isActive: false,
  },
];

export const seedCareers: NewCareer[] = careerRows;

/* ------------------------------------------------------------------------------------------------
 * Content items
 * ---------------------------------------------------------------------------------------------- */

const contentRows: SeedContent[] = [
  // Pages
  {
    title: "Accessibility Statement",
    slug: "accessibility-statement",
    type: "page",
    status: "published",
    publishedAt: new Date("2025-01-20T09:00:00Z"),
    excerpt: "How we make this website usable for as many people as possible, and how to tell us when we fall short.",
    metaTitle: "Accessibility Statement | Larkspire Digital",
    metaDescription:
      "Our commitment to an accessible website, the standard we work to, known limitations and how to report a problem.",
    featuredImageUrl: null,
    content: `<h2>Our commitment</h2>
<p>{{company_name}} wants everyone who visits this website to be able to find information, compare our services and contact us without barriers. We design and test our pages with accessibility in mind from the first sketch, not as a final check.</p>
<h2>The standard we work to</h2>
<p>We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. In practice that means:</p>
<ul>
  <li>every page can be used with a keyboard alone, with a visible focus indicator;</li>
  <li>text and interactive elements meet minimum colour-contrast ratios in both light and dark themes;</li>
  <li>images that carry meaning have text alternatives, and decorative images are hidden from screen readers;</li>
  <li>carousels stop moving as soon as you interact with them or move focus into them;</li>
  <li>forms label every field and explain errors in words, not only with colour.</li>
</ul>
<h2>Known limitations</h2>
<p>Some downloadable case studies published before 2023 are PDF files that are not fully tagged for screen readers. If you need one of these in another format, we will send an accessible version within five working days.</p>
<h2>Feedback and contact</h2>
<p>If you find any part of this website difficult to use, please e-mail {{contact_email}} and tell us the page address and the problem you met. We review this statement every six months and after any significant change to the site.</p>`,
  },
  {
    title: "Sustainability and Social Value",
    slug: "sustainability-and-social-value",
    type: "page",
    status: "draft",
    excerpt:
      "The practical steps we take to reduce our environmental impact and add value to the communities we work in.",
    metaTitle: "Sustainability and Social Value | Larkspire Digital",
    metaDescription:
      "How Larkspire Digital reduces the carbon footprint of the systems it builds and supports skills in its local communities.",
    featuredImageUrl: null,
    content: `<h2>Greener systems by design</h2>
<p>The largest environmental impact of a technology company usually lies in the systems it builds, not in its offices. When we design cloud platforms for clients, we right-size compute, schedule non-production environments to switch off out of hours and choose AWS regions with lower carbon intensity where data-residency rules allow.</p>
<h2>Our own operations</h2>
<ul>
  <li>Our London office runs on a renewable electricity tariff.</li>
  <li>Laptops are refurbished and reissued, then recycled through a certified partner at end of life.</li>
  <li>Client workshops are held online by default, and travel between our UK and US offices requires a clear business case.</li>
</ul>
<h2>Skills and social value</h2>
<p>Every year {{company_name}} offers free places on our Cyber Security Fundamentals course to people returning to work after a career break, and our engineers volunteer as mentors with local coding clubs. We report progress against these commitments each spring.</p>`,
  },

  // Blog posts
  {
    title: "Five Questions to Answer Before You Move to AWS",
    slug: "five-questions-before-moving-to-aws",
    type: "blog_post",
    status: "published",
    publishedAt: new Date("2025-03-11T08:30:00Z"),
    excerpt:
      "The five questions we ask every client before a cloud migration, and why skipping them costs more than the migration itself.",
    metaTitle: "Five Questions Before You Move to AWS | Larkspire Digital",
    metaDescription:
      "Planning a move to AWS? Answer these five questions on workloads, costs, security, skills and success measures first.",
    featuredImageUrl: null,
    content: `<p>Most cloud migrations that disappoint do not fail on technology. They fail because nobody agreed what success looked like before the first server moved. These are the five questions our consultants ask in every discovery workshop.</p>
<h2>1. Which workloads should move, and in what order?</h2>
<p>Not everything belongs in the cloud on day one. We sort each application into rehost, replatform, refactor, retain or retire, then start with something valuable but low risk so the team builds confidence.</p>
<h2>2. What will it really cost to run?</h2>
<p>A like-for-like estimate of on-premises servers rarely matches the cloud bill. Model steady-state running costs, including data transfer, backups and support, and agree a tagging scheme so every pound can be traced to a team.</p>
<h2>3. Who owns security in the new model?</h2>
<p>Under the AWS shared responsibility model, AWS secures the underlying infrastructure while you remain responsible for identities, data and configuration. Decide who reviews IAM policies and who responds to alerts before go-live, not after.</p>
<h2>4. Does your team have the skills to run it?</h2>
<p>A platform that only the migration partner understands is a risk. Budget for training and pair your engineers with ours during the migration so knowledge stays in-house.</p>
<h2>5. How will you measure success?</h2>
<p>Pick three or four measures, such as release frequency, recovery time and monthly running cost, and record today's baseline. If you would like help answering these questions, contact us at {{contact_email}}.</p>`,
  },
  {
    title: "A Practical Checklist for Cyber Essentials Plus",
    slug: "cyber-essentials-plus-checklist",
    type: "blog_post",
    status: "published",
    publishedAt: new Date("2025-06-24T08:30:00Z"),
    excerpt:
      "A control-by-control checklist to help small and mid-sized organisations pass Cyber Essentials Plus first time.",
    metaTitle: "Cyber Essentials Plus Checklist | Larkspire Digital",
    metaDescription:
      "Prepare for Cyber Essentials Plus with our practical checklist covering the five technical controls and the audit itself.",
    featuredImageUrl: null,
    content: `<p>Cyber Essentials is the UK government-backed scheme that sets a baseline of technical controls every organisation should have. The Plus level adds a hands-on technical audit, which is where most of the surprises appear. This checklist reflects what our assessors most often find.</p>
<h2>The five controls</h2>
<ul>
  <li><strong>Firewalls:</strong> every internet-facing device has a firewall, and default administrative passwords have been changed.</li>
  <li><strong>Secure configuration:</strong> unused accounts and software are removed, and auto-run is disabled.</li>
  <li><strong>User access control:</strong> administrator accounts are separate from everyday accounts, and multi-factor authentication protects cloud services.</li>
  <li><strong>Malware protection:</strong> anti-malware is active and up to date on every in-scope device.</li>
  <li><strong>Security update management:</strong> critical and high-risk updates are applied within 14 days of release, and unsupported software is removed.</li>
</ul>
<h2>Before the audit</h2>
<p>Agree the scope early and list every device in it, including staff mobile phones that access company e-mail. Run a vulnerability scan two weeks before the assessment so there is time to patch what it finds.</p>
<h2>On the day</h2>
<p>The assessor will test a sample of devices, including whether malicious attachments and downloads are blocked. Have an administrator available throughout, and keep a log of anything you fix so it can be rechecked quickly.</p>
<p>{{company_name}} helps organisations prepare for and maintain certification every year. Write to {{contact_email}} to arrange a readiness review.</p>`,
  },
  {
    title: "Getting Real Value from Retrieval-Augmented Generation",
    slug: "retrieval-augmented-generation-in-practice",
    type: "blog_post",
    status: "draft",
    excerpt: "What we have learned building retrieval-augmented AI assistants that staff actually trust.",
    metaTitle: "Retrieval-Augmented Generation in Practice | Larkspire Digital",
    metaDescription:
      "Lessons from building retrieval-augmented generation assistants: content quality, chunking, evaluation and governance.",
    featuredImageUrl: null,
    content: `<p>Retrieval-augmented generation (RAG) lets a large language model answer questions from your own documents rather than from whatever it absorbed during training. It is the pattern behind most of the internal assistants we have built over the past two years, and it is easy to get a demo working and surprisingly hard to get one trusted.</p>
<h2>Start with the content, not the model</h2>
<p>Out-of-date policies and duplicate documents produce confident wrong answers. Before indexing anything, we agree an owner for each content source and remove superseded versions.</p>
<h2>Chunk with structure in mind</h2>
<p>Splitting documents every few hundred words breaks tables and numbered procedures. Splitting on headings and keeping each section's title alongside its text improves retrieval noticeably.</p>
<h2>Measure before you launch</h2>
<ul>
  <li>Build a test set of 100 to 200 real questions with agreed answers.</li>
  <li>Score both whether the right passage was retrieved and whether the answer was faithful to it.</li>
  <li>Re-run the test set whenever you change the model, prompts or index.</li>
</ul>
<h2>Show your sources</h2>
<p>Every answer from a {{company_name}} assistant links to the passages it used. Staff check the source when it matters, and trust grows because the assistant is open about where its answers come from.</p>`,
  },
  {
    title: "Windows Server 2012 End of Support: Your Options",
    slug: "windows-server-2012-end-of-support",
    type: "blog_post",
    status: "archived",
    excerpt:
      "The options for organisations still running Windows Server 2012 after extended support ended in October 2023.",
    metaTitle: "Windows Server 2012 End of Support | Larkspire Digital",
    metaDescription:
      "Extended support for Windows Server 2012 and 2012 R2 ended on 10 October 2023. Compare upgrading, migrating and retiring.",
    featuredImageUrl: null,
    content: `<p>Microsoft ended extended support for Windows Server 2012 and 2012 R2 on 10 October 2023. Servers still running these versions no longer receive regular security updates, which makes them an easy target and a likely audit finding.</p>
<h2>Your main options</h2>
<ul>
  <li><strong>Upgrade in place</strong> to a supported version where the application vendor supports it.</li>
  <li><strong>Rehost in the cloud</strong> as a short-term step while a longer-term replacement is planned.</li>
  <li><strong>Replatform or refactor</strong> the application onto managed services, removing the server altogether.</li>
  <li><strong>Retire</strong> applications that nobody relies on any more; we usually find a few in every estate.</li>
</ul>
<h2>Where to start</h2>
<p>List every affected server with its owner and business purpose, then rank them by risk. {{company_name}} has run assessments like this for organisations with anything from five to five hundred servers.</p>`,
  },

  // Services
  {
    title: "Managed Security Operations",
    slug: "managed-security-operations",
    type: "service",
    status: "published",
    publishedAt: new Date("2025-02-04T09:00:00Z"),
    excerpt:
      "Round-the-clock threat monitoring, investigation and response from our security operations teams in London and Boston.",
    metaTitle: "Managed Security Operations (SOC) | Larkspire Digital",
    metaDescription:
      "24/7 monitoring, threat detection and incident response from analysts in London and Boston, tailored to your environment.",
    featuredImageUrl: null,
    content: `<p>Attackers do not keep office hours, and most organisations cannot staff a security team around the clock. {{company_name}} provides continuous monitoring and response using a follow-the-sun model between our London and Boston security operations centres.</p>
<h2>What the service includes</h2>
<ul>
  <li>24/7 monitoring of endpoints, identities, cloud accounts and network logs</li>
  <li>Detection rules mapped to the MITRE ATT&amp;CK framework and tuned to your environment</li>
  <li>Investigation and containment of confirmed incidents, agreed with you in advance</li>
  <li>Monthly threat reports written for both technical teams and boards</li>
  <li>Quarterly tabletop exercises to rehearse your incident response plan</li>
</ul>
<h2>How we work with you</h2>
<p>Onboarding takes four to six weeks. We connect your log sources, agree which actions our analysts may take without asking, and establish a baseline of normal activity so alerts are meaningful from the first month.</p>
<h2>Clear response commitments</h2>
<p>Critical alerts are acknowledged by an analyst within 15 minutes, day or night, and you always speak to a named person rather than a ticket queue. To discuss your requirements, e-mail {{contact_email}}.</p>`,
  },
  {
    title: "AI Readiness Assessment",
    slug: "ai-readiness-assessment",
    type: "service",
    status: "draft",
    excerpt:
      "A four-week assessment that identifies where AI can add measurable value to your organisation and what must be in place first.",
    metaTitle: "AI Readiness Assessment | Larkspire Digital",
    metaDescription:
      "Find out where AI can make a measurable difference, and what data, skills and governance you need first, in four weeks.",
    featuredImageUrl: null,
    content: `<p>Many organisations know AI could help them but are unsure where to start or how to avoid an expensive experiment that never reaches production. Our AI Readiness Assessment gives you a prioritised, costed plan in four weeks.</p>
<h2>What we look at</h2>
<ul>
  <li><strong>Opportunities:</strong> workshops with each department to find repetitive, high-volume or judgement-heavy tasks.</li>
  <li><strong>Data:</strong> whether the data those use cases need exists, is accessible and is of sufficient quality.</li>
  <li><strong>Skills:</strong> the capabilities your teams have today and the gaps to close.</li>
  <li><strong>Governance:</strong> data protection, model risk and the policies staff need before using AI tools.</li>
</ul>
<h2>What you receive</h2>
<p>A report ranking three to five use cases by value and feasibility, an outline architecture for the leading candidate and a realistic budget for a proof of concept. Most clients move straight into an 8-to-16-week implementation with {{company_name}} or their own team.</p>`,
  },

  // Case studies
  {
    title: "Modernising a Logistics Booking Platform on AWS",
    slug: "logistics-platform-modernisation",
    type: "case_study",
    status: "published",
    publishedAt: new Date("2025-05-19T09:00:00Z"),
    excerpt:
      "How a UK logistics group cut page load times by three quarters and hosting costs by almost a third ahead of its busiest season.",
    metaTitle: "Case Study: Logistics Platform Modernisation on AWS | Larkspire Digital",
    metaDescription:
      "A UK logistics group moved its booking platform to AWS containers, cutting hosting costs by 31% and page load times by 74%.",
    featuredImageUrl: null,
    content: `<h2>The client</h2>
<p>A UK third-party logistics group handling around 40,000 pallet bookings a week for retailers and manufacturers. Its customer booking platform ran on ageing virtual machines in a co-located data centre whose contract was due to end.</p>
<h2>The challenge</h2>
<p>Peak-season traffic regularly slowed the platform to a crawl, releases required a weekend outage and the hosting contract left only nine months to move. The client also needed to pass a customer security audit before renewing a major retail account.</p>
<h2>Our solution</h2>
<p>{{company_name}} re-platformed the application onto Amazon ECS on AWS Fargate, moved the database to Amazon Aurora PostgreSQL and placed Amazon CloudFront and AWS WAF in front of the site. Booking confirmations were moved onto an Amazon SQS queue so slow downstream systems no longer held up customers. Everything was defined in Terraform and released through an automated pipeline.</p>
<h2>Results</h2>
<ul>
  <li>Typical page load time reduced from 4.2 seconds to 1.1 seconds</li>
  <li>Monthly hosting costs down 31% compared with the co-located estate</li>
  <li>Releases moved from monthly weekend outages to several a week with no downtime</li>
  <li>No slow-downs during the following peak season, with traffic up 22% year on year</li>
  <li>Customer security audit passed with no major findings</li>
</ul>`,
  },
  {
    title: "Zero-Trust Access for a Regional Housing Association",
    slug: "housing-association-zero-trust",
    type: "case_study",
    status: "draft",
    excerpt: "Replacing an ageing VPN with identity-based access for 1,200 staff and contractors across 30 sites.",
    metaTitle: "Case Study: Zero-Trust Access for a Housing Association | Larkspire Digital",
    metaDescription:
      "How a housing association replaced its VPN with zero-trust, identity-based access for 1,200 staff across 30 sites.",
    featuredImageUrl: null,
    content: `<h2>The client</h2>
<p>A regional housing association managing 18,000 homes, with 1,200 staff and contractors working from 30 offices, depots and tenants' homes.</p>
<h2>The challenge</h2>
<p>Everyone reached internal systems through a single VPN that gave broad network access once connected. A phishing incident at a similar organisation prompted the board to ask how quickly a stolen password could lead to a data breach, and nobody could give a confident answer.</p>
<h2>Our solution</h2>
<ul>
  <li>Phishing-resistant multi-factor authentication for every account, starting with administrators</li>
  <li>Conditional access rules that check device health before granting access</li>
  <li>Per-application access instead of network-wide VPN connections</li>
  <li>Privileged access that is requested, approved and time-limited</li>
</ul>
<h2>Results so far</h2>
<p>The VPN was switched off after a phased six-month rollout, and attempted sign-ins using stolen credentials are now blocked at the first step. {{company_name}} continues to support the association's IT team through a managed service agreement.</p>`,
  },
];

export const seedContent: NewContent[] = contentRows;

/* ------------------------------------------------------------------------------------------------
 * Content blocks
 * ---------------------------------------------------------------------------------------------- */

const contentBlockRows: SeedContentBlock[] = [
  {
    name: "Testimonial – Logistics CTO",
    description: "Client quote from the logistics platform modernisation project, used on the Home and Cloud pages.",
    blockType: "testimonial",
    contentData: {
      quote:
        "Larkspire Digital moved our booking platform to AWS inside a tight nine-month deadline, and our next peak season was the calmest we have ever had. Their engineers left our own team fully able to run the platform without them.",
      author: "Rachel Denholm",
      role: "Chief Technology Officer",
      company: "Calder & Rowe Logistics",
      rating: 5,
    },
    isActive: true,
  },
  {
    name: "Feature – Follow-the-sun support",
    description: "Highlights round-the-clock cover from the London and Boston offices, used in Why Choose Us.",
    blockType: "feature",
    contentData: {
      icon: "clock",
      title: "Follow-the-sun support",
      description:
        "Teams in London and Boston cover your systems around the clock, with critical alerts acknowledged by a named analyst within 15 minutes.",
    },
    isActive: true,
  },
  {
    name: "Team member – Head of Cloud Engineering",
    description: "Profile card for the About page leadership section.",
    blockType: "team_member",
    contentData: {
      name: "Daniel Achterberg",
      role: "Head of Cloud Engineering",
      bio: "Daniel has designed and migrated AWS platforms for retailers, insurers and public bodies for over twelve years. He leads our cloud practice across the UK and USA and still reviews every landing-zone design himself.",
      location: "London",
      imageUrl: null,
    },
    isActive: true,
  },
  {
    name: "Service card – AWS Cloud",
    description: "Summary card linking to the AWS Cloud page, used on the Home and Services pages.",
    blockType: "service_card",
    contentData: {
      title: "AWS Cloud",
      description: "Migrate, modernise and run workloads on AWS with secure foundations and predictable costs.",
      badge: "AWS Partner",
      features: [
        "Cloud readiness assessments",
        "Landing zones and account governance",
        "Application migration and modernisation",
        "Data lakes and analytics",
        "Cost optimisation reviews",
      ],
      link: "/cloud",
    },
    isActive: true,
  },
  {
    name: "Hero – 2024 brand campaign",
    description: "Former homepage hero from the 2024 campaign, kept for reference and no longer shown.",
    blockType: "hero",
    contentData: {
      heading: "Innovate, Invest, Implement",
      subheading:
        "Technology partners to ambitious organisations in the UK and USA since 2008, from first idea to secure, scalable production systems.",
      primaryCta: { label: "Our Solutions", url: "/services" },
      secondaryCta: { label: "Partner With Us", url: "/contact" },
    },
    isActive: false,
  },
  {
    name: "Call to action – Start a project",
    description: "Closing call to action shown at the foot of service and case-study pages.",
    blockType: "cta",
    contentData: {
      heading: "Ready to turn your plans into production?",
      body: "Tell us about your goals and one of our consultants will arrange a free 45-minute discovery call within two working days.",
      buttonLabel: "Partner With Us",
      buttonUrl: "/contact",
    },
    isActive: true,
  },
];

export const seedContentBlocks: NewContentBlock[] = contentBlockRows;
