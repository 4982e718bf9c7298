/**
 * Copy for the AI pages (SPEC.md section 2, "AI pages"): the /ai overview, with four use-case cards
 * and a five-question FAQ, and the four AI service pages (conversational AI, predictive analytics,
 * computer vision, document processing), each with a hero, a checklist of what the service
 * includes, feature cards, a five-question FAQ and a call to action to /contact. Plain text only;
 * {{company_name}} is filled in from site settings by the page's loader.
 */

import type { Crumb, OverviewPage, ServicePage } from "./types";

const AI_PARENT: Crumb = { label: "AI Solutions", href: "/ai" };

export const AI_OVERVIEW: OverviewPage = {
  path: "/ai",
  seo: {
    title: "AI Solutions",
    description:
      "Practical AI for UK organisations: document processing, predictive analytics, conversational assistants and computer vision, built with UK GDPR in mind.",
  },
  hero: {
    eyebrow: "AI Solutions",
    title: "AI that earns its place in your operations",
    lead: "{{company_name}} designs, builds and runs AI systems that take routine work off your teams: reading documents, forecasting demand, answering questions and inspecting images. Every project starts with a measurable business case and an evaluation set built from your own data, so you know how well it works before it goes live.",
    actions: [
      { kind: "link", label: "Book an AI Discovery Workshop", href: "/contact" },
      { kind: "link", label: "See All Our Services", href: "/services" },
    ],
  },
  cards: {
    title: "Where AI pays its way",
    intro:
      "The four use cases we deliver most often. Each has a proven architecture, a realistic plan and an agreed measure of success, delivered by our teams in London and Boston.",
    items: [
      {
        icon: "file-search",
        title: "Document Processing",
        description:
          "Extract data from invoices, claims, contracts and forms with OCR and layout models, check it against your business rules, and route uncertain fields to a person for review.",
        href: "/ai/document-processing",
        linkLabel: "Explore Document Processing",
        features: [
          "Invoices, claims, applications and contracts",
          "Confidence thresholds for straight-through processing",
          "Human-in-the-loop review of exceptions",
        ],
      },
      {
        icon: "trending-up",
        title: "Predictive Analytics",
        description:
          "Forecast demand, churn and cash flow with gradient-boosted and time-series models trained on your own history, and measured against the forecasts you use today.",
        href: "/ai/predictive-analytics",
        linkLabel: "Explore Predictive Analytics",
        features: [
          "Demand forecasting by product and location",
          "Churn and late-payment risk scores",
          "Explanations planners can act on",
        ],
      },
      {
        icon: "message-square",
        title: "Conversational Assistants",
        description:
          "Assistants for customers and staff that answer from your own policies and knowledge base using retrieval-augmented generation, cite their sources and hand over to a person when unsure.",
        href: "/ai/conversational-ai",
        linkLabel: "Explore Conversational AI",
        features: [
          "Grounded answers with source links",
          "Website, Microsoft Teams and contact-centre channels",
          "Tested against an evaluation set before every release",
        ],
      },
      {
        icon: "eye",
        title: "Computer Vision",
        description:
          "Detect defects, count stock and check safety rules from camera images and video, with models running in the cloud or on edge devices beside the production line.",
        href: "/ai/computer-vision",
        linkLabel: "Explore Computer Vision",
        features: [
          "Quality inspection at line speed",
          "Stock, pallet and parcel counting",
          "Privacy-aware health and safety monitoring",
        ],
      },
    ],
  },
  faq: {
    title: "AI Solutions: frequently asked questions",
    items: [
      {
        question: "Where do we start, and how long does it take to get something live?",
        answer:
          "We follow our Innovate, Invest, Implement framework. Innovate is a one-day AI Discovery Workshop and a feasibility study of two to four weeks, ending in a working prototype measured on your own data; Invest is a business case with costs, risks and success measures; Implement is the production build, typically 6–16 weeks depending on integrations. You decide at the end of each stage whether to go further.",
      },
      {
        question: "What drives the cost of an AI project?",
        answer:
          "The biggest factors are how ready your data is, how many systems the solution must connect to, and how much human review the process needs to stay safe. Running costs, mainly cloud hosting and model usage, depend on volumes and model choice, so we estimate them from the prototype before you commit to a build. Discovery and feasibility work is quoted at a fixed price, and a feasibility study that shows a poor return is a success too: it saves you an expensive build.",
      },
      {
        question: "What happens to our data, and will it be used to train other people's models?",
        answer:
          "Your data stays in your own cloud account or a dedicated environment in a UK or EU region, under a data processing agreement with us. We use enterprise model services such as Amazon Bedrock, whose terms exclude your prompts and outputs from training the provider's models, or host open-weight models ourselves where that is required. Where personal data is involved, we help you complete a Data Protection Impact Assessment (DPIA) under UK GDPR before anything goes live.",
      },
      {
        question: "How accurate will it be, and what happens when it gets something wrong?",
        answer:
          "No AI system is right every time, so we agree target accuracy with you before building and measure it on held-out test data, not on demonstrations. Production systems include confidence thresholds, human-in-the-loop review for uncertain cases, and model monitoring that alerts us when performance drifts. We would rather launch a system that handles 70% of cases reliably and passes the rest to your staff than one that handles everything badly.",
      },
      {
        question: "Who owns the models and code you build?",
        answer:
          "You do. Code, configuration, prompts, evaluation sets and any models we train or fine-tune on your data are yours at the end of the project, documented so that your own team or another supplier can maintain them. Foundation models licensed from providers such as Anthropic, Meta or OpenAI remain subject to their licence terms, which we explain before you choose one.",
      },
    ],
  },
  closing: {
    title: "Find the AI use case worth funding first",
    text: "In a one-day AI Discovery Workshop, our consultants map your key processes, review the data behind them and leave you with a ranked shortlist of use cases, each with an estimated benefit, cost and risk. Since 2008 we have helped organisations in the UK and USA turn promising ideas into systems that last.",
    actions: [
      { kind: "link", label: "Book an AI Discovery Workshop", href: "/contact" },
      { kind: "link", label: "Browse Professional Training Courses", href: "/training" },
    ],
  },
};

const conversationalAi: ServicePage = {
  path: "/ai/conversational-ai",
  parent: AI_PARENT,
  seo: {
    title: "Conversational AI",
    description:
      "Customer and staff assistants built on retrieval-augmented generation, grounded in your own content, with evaluation sets, guardrails and human handover.",
  },
  hero: {
    eyebrow: "Conversational AI",
    title: "Assistants that answer from your own knowledge, and know when to hand over",
    lead: "{{company_name}} builds chat assistants for customer service and internal teams that draw their answers from your policies, product data and knowledge base using retrieval-augmented generation. They cite their sources, respect user permissions and pass the conversation to a person when a question is out of scope.",
    actions: [{ kind: "link", label: "Discuss Your Assistant Project", href: "/contact" }],
  },
  checklist: {
    title: "What a conversational AI project includes",
    items: [
      "Analysis of your most frequent questions from contact-centre logs, support tickets or intranet searches",
      "A retrieval-augmented generation (RAG) pipeline over your documents, with scheduled re-indexing when content changes",
      "Model selection across Amazon Bedrock and OpenAI-compatible models, compared on accuracy, speed and cost",
      "An evaluation set of 200–500 real questions with approved answers, run automatically before every release",
      "Guardrails, human handover and integration with your website, Microsoft Teams or contact-centre platform",
      "Go-live support, conversation analytics and monthly quality reviews",
    ],
  },
  features: {
    title: "How we build assistants people trust",
    items: [
      {
        icon: "database",
        title: "Grounded in your content",
        description:
          "Answers come from your SharePoint, Confluence, help centre or product database, retrieved at the moment of the question, so updating a policy updates the assistant without retraining a model.",
      },
      {
        icon: "file-text",
        title: "Source citations",
        description:
          "Every answer links to the passage it was drawn from, so customers can check it and your staff can see exactly why the assistant said what it did.",
      },
      {
        icon: "shield",
        title: "Guardrails and escalation",
        description:
          "Topic limits, redaction of personal details and prompt-injection checks keep the assistant on task. When it is unsure, or the customer asks, it hands over to an agent with the full transcript.",
      },
      {
        icon: "lock",
        title: "Permission-aware answers",
        description:
          "For internal assistants, retrieval honours the access rights in your source systems, so staff only get answers drawn from documents they are already allowed to open.",
      },
      {
        icon: "gauge",
        title: "Measured before and after launch",
        description:
          "Automated evaluation tracks answer accuracy, groundedness and refusal rate on every release, and live dashboards report containment, handover reasons and user ratings.",
      },
      {
        icon: "workflow",
        title: "Actions as well as answers",
        description:
          "With tool calling, an assistant can check an order, book an appointment or raise a ticket through your APIs, asking the user to confirm anything that changes data.",
      },
    ],
  },
  faq: {
    title: "Conversational AI: frequently asked questions",
    items: [
      {
        question: "Will the assistant make things up?",
        answer:
          "Large language models can give confident but wrong answers, so we design against it rather than hope it will not happen. The assistant answers only from retrieved passages, is instructed to say when it does not know, and is tested against an evaluation set that includes questions it should decline. In production we review a sample of conversations each month and add any failures to the test set.",
      },
      {
        question: "Which language model will you use?",
        answer:
          "We are model-agnostic. We usually shortlist two or three options, for example Anthropic Claude or Meta Llama models on Amazon Bedrock, or an OpenAI-compatible model, and compare them on your evaluation set for accuracy, response time and cost per conversation. Because the application talks to models through a common interface, you can switch later as prices and capabilities change.",
      },
      {
        question: "How long does it take to launch an assistant?",
        answer:
          "An internal assistant over a well-organised knowledge base can be in pilot within 6–8 weeks. A customer-facing assistant that connects to order, booking or CRM systems usually takes 10–16 weeks, including a staged rollout to a small share of traffic before full launch. Tidying out-of-date or contradictory source content is often the longest task, so we plan for it from the start.",
      },
      {
        question: "How do you handle customer data and UK GDPR?",
        answer:
          "We carry out a Data Protection Impact Assessment with your data protection officer before launch, because people share personal details with assistants even when they are not asked to. Where possible we redact personal data before it reaches the model, set retention periods for transcripts and use model services whose terms exclude your data from training. Users are told clearly that they are talking to an AI assistant and how to reach a person.",
      },
      {
        question: "What does an assistant cost to run?",
        answer:
          "Running costs are mainly model usage, charged per token, plus hosting for the search index and application. They vary with conversation volume, answer length and model choice, so we give you a cost-per-conversation figure from the pilot before you scale up. Routing simple questions to smaller, cheaper models and caching common answers keep the bill predictable.",
      },
    ],
  },
  closing: {
    title: "Put your knowledge base to work",
    text: "Bring a list of your most common customer or staff questions to an AI Discovery Workshop. We will review your sources, test a handful of questions and outline an assistant you could pilot within two months.",
    actions: [
      { kind: "link", label: "Book an AI Discovery Workshop", href: "/contact" },
      { kind: "link", label: "See All AI Solutions", href: "/ai" },
    ],
  },
};

const predictiveAnalytics: ServicePage = {
  path: "/ai/predictive-analytics",
  parent: AI_PARENT,
  seo: {
    title: "Predictive Analytics",
    description:
      "Demand, churn and cash-flow forecasting with gradient-boosted and time-series models, built on your data, clearly explained and monitored in production.",
  },
  hero: {
    eyebrow: "Predictive Analytics",
    title: "Forecasts your planners can rely on",
    lead: "We turn your sales, operational and customer history into forecasts and risk scores your teams can act on: demand by product and location, customers likely to leave, invoices likely to be paid late. Each model is tested against the method you use today, so you see the improvement before you depend on it.",
    actions: [{ kind: "link", label: "Discuss Your Forecasting Needs", href: "/contact" }],
  },
  checklist: {
    title: "What a predictive analytics project includes",
    items: [
      "A data audit of history, completeness and useful external drivers such as promotions, bank holidays and weather",
      "A baseline from your current forecasting method, so every model is judged against something real",
      "Models built with gradient-boosted trees (LightGBM, XGBoost) and time-series methods, tested with time-based backtesting",
      "Explanations for each prediction, showing which factors pushed it up or down",
      "Automated pipelines that retrain the models and publish forecasts to your ERP, data warehouse or Power BI",
      "Model monitoring for accuracy and data drift, with agreed thresholds that trigger retraining",
    ],
  },
  features: {
    title: "From spreadsheet forecasts to production models",
    items: [
      {
        icon: "trending-up",
        title: "Demand forecasting",
        description:
          "Daily or weekly forecasts by SKU, store or depot, with prediction intervals so buyers can set stock levels against the level of risk they are willing to carry.",
      },
      {
        icon: "users",
        title: "Churn and customer value",
        description:
          "Scores that rank customers by their likelihood of leaving and their value to you, so retention teams spend their time where it changes the outcome.",
      },
      {
        icon: "line-chart",
        title: "Cash flow and credit risk",
        description:
          "Predictions of late payment and short-term cash position from ledger and invoice history, refreshed daily for finance and credit control teams.",
      },
      {
        icon: "lightbulb",
        title: "Explainable by design",
        description:
          "SHAP-based explanations and plain-English summaries show planners why a forecast moved, which builds trust and catches data errors early.",
      },
      {
        icon: "activity",
        title: "Monitored in production",
        description:
          "Dashboards track forecast error week by week and flag data drift, such as a new product range or a change in buying patterns, before it affects decisions.",
      },
      {
        icon: "database",
        title: "Built on your data platform",
        description:
          "Pipelines run in your AWS, Azure or Snowflake environment with tools such as Amazon SageMaker, dbt and MLflow, so your data never leaves your estate.",
      },
    ],
  },
  faq: {
    title: "Predictive analytics: frequently asked questions",
    items: [
      {
        question: "How much historical data do we need?",
        answer:
          "For weekly demand forecasting, two to three years of history is ideal because it captures seasonality more than once, although we can work with less by pooling similar products or locations. For churn and risk models, what matters more is having several hundred past examples of the outcome you want to predict. The data audit in the first two weeks tells you whether you have enough before you commit to a build.",
      },
      {
        question: "How much more accurate than our current forecasts will it be?",
        answer:
          "That depends on how good your current method is and how predictable your business is, so we do not promise a figure up front. We backtest both approaches over the same past periods, using measures such as weighted MAPE and forecast bias, and report the difference by product group. Where a model does not beat your existing approach for some items, we say so and keep the simpler method for those.",
      },
      {
        question: "How long does a predictive analytics project take?",
        answer:
          "A proof of value on one forecasting problem typically takes 6–8 weeks, from data audit to a backtested model. Moving it into production, with automated pipelines, integration with your planning systems and monitoring, usually takes a further 8–12 weeks. We then run it alongside your existing process for a few planning cycles before you switch over.",
      },
      {
        question: "Can our planners still override the forecasts?",
        answer:
          "Yes, and they should. Planners know about events the data does not, such as a competitor closing or a large one-off order. We build an override step into the workflow and record every adjustment, so you can measure whether overrides improve accuracy and feed useful signals back into the model.",
      },
      {
        question: "Who maintains the models after go-live, and who owns them?",
        answer:
          "You own the models, code and pipelines outright. You can take them over with full documentation and runbooks, with training for your data team if needed, or have {{company_name}} run them under a support agreement covering monitoring, retraining and quarterly performance reviews. Many clients start with our support and bring the work in-house within a year.",
      },
    ],
  },
  closing: {
    title: "Find out what your data can predict",
    text: "Bring one forecasting or risk question to an AI Discovery Workshop. We will look at your data, agree a baseline and outline a 6–8 week proof of value with clear success measures.",
    actions: [
      { kind: "link", label: "Book an AI Discovery Workshop", href: "/contact" },
      { kind: "link", label: "See All AI Solutions", href: "/ai" },
    ],
  },
};

const computerVision: ServicePage = {
  path: "/ai/computer-vision",
  parent: AI_PARENT,
  seo: {
    title: "Computer Vision",
    description:
      "Visual inspection, defect detection, stock counting and safety monitoring with computer vision models that run in the cloud or on edge devices on site.",
  },
  hero: {
    eyebrow: "Computer Vision",
    title: "A consistent pair of eyes on every line, shelf and site",
    lead: "We build computer vision systems that detect defects, count items, read labels and check safety rules from images and video. Models run on edge devices beside your cameras where speed or bandwidth matter, or in the cloud where they do not, and every alert can be checked by a person.",
    actions: [{ kind: "link", label: "Discuss a Computer Vision Pilot", href: "/contact" }],
  },
  checklist: {
    title: "What a computer vision project includes",
    items: [
      "A site survey of cameras, lighting, line speed and network, with hardware recommendations",
      "Image collection and labelling to a written labelling guide, with quality checks on every batch",
      "Model training and testing on your own images, using detection and segmentation architectures such as YOLO",
      "Deployment to edge devices such as NVIDIA Jetson, or to cloud services such as Amazon SageMaker",
      "Integration with your PLCs, MES, warehouse management or alerting systems",
      "Performance monitoring, a review workflow for flagged images and scheduled retraining",
    ],
  },
  features: {
    title: "Vision systems built for real-world conditions",
    items: [
      {
        icon: "scan",
        title: "Quality inspection",
        description:
          "Detect scratches, misprints, missing components and incorrect assembly at line speed, and reject or flag items automatically.",
      },
      {
        icon: "package",
        title: "Stock and asset counting",
        description:
          "Count pallets, parcels or shelf facings from fixed cameras or handheld photos, cutting manual stock checks and spotting gaps early.",
      },
      {
        icon: "shield-check",
        title: "Health and safety monitoring",
        description:
          "Spot missing PPE, people in exclusion zones or blocked fire exits and alert supervisors within seconds. Designed to detect situations, not to identify individuals.",
      },
      {
        icon: "cpu",
        title: "Edge deployment",
        description:
          "Models optimised with tools such as TensorRT run on devices beside the camera, making decisions in milliseconds and sending only events, not raw footage, across your network.",
      },
      {
        icon: "file-text",
        title: "Label and code reading",
        description:
          "Read batch codes, use-by dates, serial numbers and meter readings with OCR tuned for curved, dirty or low-contrast surfaces.",
      },
      {
        icon: "users",
        title: "Human review built in",
        description:
          "Low-confidence detections go to a review screen where operators confirm or correct them, and each correction becomes training data for the next model version.",
      },
    ],
  },
  faq: {
    title: "Computer vision: frequently asked questions",
    items: [
      {
        question: "How many images do you need to train a model?",
        answer:
          "For a clearly defined defect or object, a few hundred labelled examples per class is often enough for a useful pilot, because we start from models pre-trained on millions of images. Rare defects are the hard part, so we also use data augmentation and, where appropriate, anomaly-detection methods that learn what a good item looks like. The site survey and first labelling sprint show how much data you will really need.",
      },
      {
        question: "Can we use our existing cameras?",
        answer:
          "Often, yes. CCTV cameras usually work well for safety monitoring and counting, but inspecting fast-moving items normally needs industrial cameras with the right lens, a short exposure time and controlled lighting. We assess your current set-up during the site survey and recommend the smallest hardware change that will reach the accuracy you need.",
      },
      {
        question: "How accurate is it compared with a human inspector?",
        answer:
          "Well-scoped vision systems are often more consistent than manual inspection because they do not tire at the end of a shift, but accuracy depends on image quality and on how clearly a defect can be defined. We agree separate targets for missed defects and false rejects, since each has a different cost, and test against a held-out set of your images before go-live. If a target is not reachable with sensible hardware, we tell you during the pilot.",
      },
      {
        question: "What about privacy when cameras capture people?",
        answer:
          "Images of people are personal data under UK GDPR, so we complete a DPIA with you and follow the ICO's guidance on video surveillance. We design for the minimum: processing on the edge device, blurring faces where they are not needed, keeping events rather than footage, and no facial recognition without a clear legal basis. Staff are told what is monitored and why.",
      },
      {
        question: "How long does a pilot take, and what happens on site?",
        answer:
          "A pilot on one line or area typically takes 8–12 weeks: about two weeks for the site survey and image collection, four to six weeks for labelling and training, then a period of monitored operation. Installation is scheduled around your production plan, and the system runs in shadow mode, flagging but not acting, until you are satisfied with its results.",
      },
    ],
  },
  closing: {
    title: "See what computer vision could catch on your site",
    text: "Share sample images or a short video from your line, warehouse or site, and in an AI Discovery Workshop we will assess feasibility, hardware and likely accuracy, then propose a costed pilot.",
    actions: [
      { kind: "link", label: "Book an AI Discovery Workshop", href: "/contact" },
      { kind: "link", label: "See All AI Solutions", href: "/ai" },
    ],
  },
};

const documentProcessing: ServicePage = {
  path: "/ai/document-processing",
  parent: AI_PARENT,
  seo: {
    title: "Document Processing",
    description:
      "Automate invoices, claims, contracts and forms with OCR, layout models and LLM extraction, checked against your rules, with human review of exceptions.",
  },
  hero: {
    eyebrow: "Document Processing",
    title: "Turn the paperwork backlog into structured data",
    lead: "{{company_name}} automates the reading, sorting and data entry of invoices, claims, applications, contracts and correspondence. OCR and layout models extract the data, business rules check it, and anything uncertain goes to your team for a quick review instead of a full re-key.",
    actions: [{ kind: "link", label: "Discuss Your Document Workflow", href: "/contact" }],
  },
  checklist: {
    title: "What a document processing project includes",
    items: [
      "Analysis of your document types, volumes and formats, and of the fields your downstream systems need",
      "Classification and splitting of mixed batches arriving by e-mail, scanner or upload portal",
      "Extraction with OCR and layout models such as Amazon Textract, combined with large language models for free-text documents",
      "Validation against your business rules and reference data, such as purchase orders, supplier lists or policy records",
      "A human-in-the-loop review screen for low-confidence fields, with corrections fed back to improve extraction",
      "Integration with your ERP, case management or document management system, with a full audit trail",
    ],
  },
  features: {
    title: "Built for accuracy, audit and scale",
    items: [
      {
        icon: "file-search",
        title: "Any layout, any format",
        description:
          "Handle scanned PDFs, phone photos, e-mails and Word files, including tables, handwriting and multi-page documents whose layout varies by sender.",
      },
      {
        icon: "brain",
        title: "LLM extraction for unstructured text",
        description:
          "Large language models pull parties, dates, amounts and obligations from contracts and letters, with each value linked back to the text it came from.",
      },
      {
        icon: "clipboard-check",
        title: "Rule-based validation",
        description:
          "Totals, VAT, dates and reference numbers are checked automatically and matched against purchase orders or policy records before any data is posted.",
      },
      {
        icon: "users",
        title: "Human-in-the-loop review",
        description:
          "Confidence thresholds decide what flows straight through and what a reviewer sees, with the document and the extracted fields side by side.",
      },
      {
        icon: "workflow",
        title: "Straight into your systems",
        description:
          "Validated data is posted to Sage, SAP, Microsoft Dynamics 365, Salesforce or your own systems through their APIs, or through RPA where no API exists.",
      },
      {
        icon: "lock",
        title: "Secure and auditable",
        description:
          "Documents are processed in your own cloud account in a UK or EU region, with encryption, role-based access, retention rules and a record of every change.",
      },
    ],
  },
  faq: {
    title: "Document processing: frequently asked questions",
    items: [
      {
        question: "What level of automation can we realistically expect?",
        answer:
          "It depends on how consistent your documents are. For supplier invoices, 60–80% of documents passing straight through without human review is a realistic target once the system has settled in; for varied correspondence or handwritten forms it is usually lower. We measure field-level accuracy on a sample of your real documents during the pilot, so the business case rests on your figures, not ours.",
      },
      {
        question: "What happens when the system reads a field wrongly?",
        answer:
          "Every extracted field carries a confidence score, and anything below the threshold you set goes to a reviewer instead of straight into your systems. Validation rules, such as checking that line items add up to the invoice total, catch many errors that confidence scores alone would miss. Reviewers' corrections are logged and used to improve extraction over time.",
      },
      {
        question: "Do you need thousands of examples to train it?",
        answer:
          "No. Pre-trained OCR and layout models, together with large language models, handle many standard documents with little or no training. For specialised forms we typically need 50–200 labelled examples of each type to configure or fine-tune extraction, and we give your team a simple labelling tool that makes this a few days' work rather than weeks.",
      },
      {
        question: "How long before we see results?",
        answer:
          "A pilot covering one or two high-volume document types usually takes 6–10 weeks, including integration with one downstream system. We then run it in parallel with your current process for a few weeks before switching over. Further document types can typically be added in two to four weeks each.",
      },
      {
        question: "How do you handle sensitive documents and UK GDPR?",
        answer:
          "Documents are processed in your own cloud account or a dedicated environment in a UK or EU region, encrypted in transit and at rest, with access limited by role. Where personal data is involved we complete a DPIA with you, set retention periods so source images are deleted when no longer needed, and use model services that do not train on your data. Every extraction and correction is logged for audit.",
      },
    ],
  },
  closing: {
    title: "Find out how much of your paperwork can flow straight through",
    text: "Bring a representative sample of your documents, redacted if you prefer, to an AI Discovery Workshop. We will measure extraction accuracy on them and propose a pilot with a clear automation target.",
    actions: [
      { kind: "link", label: "Book an AI Discovery Workshop", href: "/contact" },
      { kind: "link", label: "See All AI Solutions", href: "/ai" },
    ],
  },
};

export const AI_SERVICE_PAGES: readonly ServicePage[] = [
  conversationalAi,
  predictiveAnalytics,
  computerVision,
  documentProcessing,
];
