/**
 * Copy for the three legal pages (SPEC.md section 2, "Legal pages"): Privacy Statement, Terms of Use
 * and Cookie Policy. Plain text only. Company identity comes from site settings through the
 * placeholders {{company_name}}, {{contact_email}} and {{address_uk}}, which the page fills in.
 * The cookie table must list exactly what the site stores in the browser (SPEC.md section 7,
 * "Local storage keys", and the server's session, csrf and toast cookies).
 */

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
  table?: { caption: string; columns: string[]; rows: string[][] };
}

export interface LegalPage {
  slug: "privacy-statement" | "terms-of-use" | "cookie-policy";
  title: string;
  description: string;
  /** The day the page last changed (YYYY-MM-DD); the cookie policy's is also COOKIE_POLICY_VERSION. */
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
}

const privacyStatement: LegalPage = {
  slug: "privacy-statement",
  title: "Privacy Statement",
  description:
    "How we collect, use, keep and protect personal data under UK GDPR: enquiries, job applications, course orders, cookies, and your rights.",
  lastUpdated: "2025-07-14",
  intro:
    "This statement explains how {{company_name}} uses personal data when you visit this website, contact us, apply for a job, buy a training course or use our chat assistant, in line with the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018, and sets out your rights.",
  sections: [
    {
      heading: "Who we are",
      paragraphs: [
        "{{company_name}} is a technology services company with offices in London and Boston. For the personal data described here, {{company_name}} is the controller: we decide why and how it is used and are responsible for looking after it. Our UK office is at {{address_uk}}.",
        "We are registered as a data controller with the Information Commissioner's Office (ICO), the UK's data protection regulator.",
      ],
    },
    {
      heading: "What we collect and why",
      paragraphs: [
        "We collect only what we need. Below is each kind of personal data we handle, why, and our lawful basis under UK GDPR.",
      ],
      list: [
        "Contact messages: your name, e-mail address, optional phone number, subject and message, used to reply to your enquiry. Lawful basis: our legitimate interest in responding to people who contact us, or steps you ask us to take before entering into a contract.",
        "Guide and case study downloads: your name and e-mail address, recorded with the document you asked for, so that our team can follow up on your interest. Lawful basis: our legitimate interest in replying to people who show an interest in our services; you can ask us at any time not to contact you.",
        "Job applications: your details and any CV or covering letter you attach, used to assess your application and arrange interviews. Lawful basis: steps you ask us to take before entering into an employment contract, and our legitimate interest in recruiting. Please leave out health, ethnicity, religion and other special category data unless we ask for it, for example to adjust an interview.",
        "Training course orders: the courses, currency, your name, e-mail address and billing details. Guest checkout needs no account and asks only for what is needed to complete and invoice the order. We use this to take payment, confirm your booking and keep our accounts. Lawful basis: performing our contract with you, and our legal obligation to keep tax records.",
        "Content management accounts: for staff who sign in to the website's administration area, their work e-mail address, a hashed password and records of sign-ins and changes. Lawful basis: our legitimate interest in running the website securely.",
        "Cookie consent records: your choice in our cookie banner, the categories switched on, the time and the version of our cookie policy that applied, with no name, e-mail or IP address. Lawful basis: our legal obligation to be able to show consent.",
        "Server logs: your IP address, the time, the page requested and your browser type, used to investigate faults and detect and block attacks. Lawful basis: our legitimate interest in keeping the website secure and available.",
        "Chat assistant messages: what you type, with earlier messages of the same conversation, is sent to our server so the assistant can reply. The conversation itself is not stored on our side. When the assistant finds no answer on our website, we keep the question's text, with e-mail addresses, phone numbers, long numbers and links removed, and count how often it is asked, so that we can improve our pages. Lawful basis: our legitimate interest in answering questions quickly and keeping our website useful. Please do not share personal, financial or health information with it.",
      ],
    },
    {
      heading: "How long we keep it",
      paragraphs: [
        "When a period below ends, we delete the data or anonymise it. If we need something for longer, for example because of a legal claim, we keep only what is needed.",
      ],
      table: {
        caption: "How long we keep each kind of personal data",
        columns: ["Data", "How long we keep it"],
        rows: [
          [
            "Job applications and CVs",
            "The retention period set by our administrators, currently 180 days after the application is resolved, then deleted.",
          ],
          ["Contact messages", "2 years from your last message, then deleted."],
          ["Guide and case study download requests", "2 years from the request, as for contact messages."],
          ["Training course orders and invoices", "6 years, as UK tax law requires us to keep accounting records."],
          ["Cookie consent records", "2 years from the time of your choice."],
          ["Server logs, including IP addresses", "30 days."],
          [
            "Chat assistant messages",
            "Conversations are not kept in our database, and our server logs do not record what you type. Questions the assistant could not answer are kept, without contact details, until our team has dealt with them.",
          ],
          ["Content management accounts", "Until the person no longer needs access."],
        ],
      },
    },
    {
      heading: "Who we share it with",
      paragraphs: [
        "We do not sell personal data. We share it only with organisations that help us run the website and our business, and only as much as they need. Most act as our processors, using it only on our written instructions.",
      ],
      list: [
        "Hosting providers, who run the servers, database and file storage behind this website.",
        "E-mail delivery providers, who send our replies and booking confirmations.",
        "Stripe, our payment processor, which handles card payments. You enter card details on Stripe's secure page, so we never see or store your full card number.",
        "The AI model provider behind our chat assistant, when the assistant uses one, which receives the conversation only to produce a reply.",
        "Our professional advisers, or the police, HMRC, regulators or courts where the law requires it.",
      ],
    },
    {
      heading: "International transfers",
      paragraphs: [
        "We have offices in the UK and the USA, and some providers store data in the USA or the European Economic Area. Colleagues in Boston may access personal data, for example to handle a US client's enquiry.",
        "When data leaves the UK, we rely on UK adequacy regulations where they apply, such as for the EEA and US organisations certified under the UK Extension to the EU-US Data Privacy Framework, and otherwise on safeguards such as the UK International Data Transfer Addendum to the EU Standard Contractual Clauses. You can ask us for details.",
      ],
    },
    {
      heading: "How we keep it secure",
      paragraphs: [
        "The site uses encrypted connections, passwords are stored only in hashed form, and only authorised staff can sign in to the administration area.",
      ],
    },
    {
      heading: "Your rights",
      paragraphs: ["You have the following rights, some only in certain circumstances:"],
      list: [
        "Access: a copy of the personal data we hold about you.",
        "Rectification: correction of inaccurate or incomplete data.",
        "Erasure: deletion where we have no good reason to keep it.",
        "Restriction: pausing our use of your data, for example while we check it.",
        "Objection: to our use based on legitimate interests.",
        "Portability: data you gave us, in a machine-readable format.",
        "Withdrawing consent: at any time, where we rely on it, such as for optional cookies.",
      ],
    },
    {
      heading: "Using your rights and complaining",
      paragraphs: [
        "To use a right, e-mail {{contact_email}}. There is usually no charge; we may ask you to confirm your identity and will reply within one month.",
        "If you are unhappy with how we have handled your data, please tell us first. You may also complain to the Information Commissioner's Office at ico.org.uk.",
      ],
    },
    {
      heading: "How to contact us",
      paragraphs: ["E-mail {{contact_email}} or write to Data Protection, {{company_name}}, {{address_uk}}."],
    },
    {
      heading: "Changes to this statement",
      paragraphs: [
        "We update this statement when we change how we use personal data; the date at the top shows the latest version. If a change significantly affects data we already hold about you, we will tell you where we can.",
      ],
    },
  ],
};

const termsOfUse: LegalPage = {
  slug: "terms-of-use",
  title: "Terms of Use",
  description:
    "The terms that apply when you use this website or buy a training course from us, including prices, currencies, your right to cancel and our liability.",
  lastUpdated: "2025-07-14",
  intro:
    "These terms apply to your use of this website and to any training course you buy through it. They sit alongside our Privacy Statement and Cookie Policy.",
  sections: [
    {
      heading: "About us",
      paragraphs: [
        "This website is operated by {{company_name}}, whose UK office is at {{address_uk}}. In these terms, ‘we’, ‘us’ and ‘our’ mean {{company_name}}, and ‘you’ means anyone who uses the website. You can contact us at {{contact_email}}.",
      ],
    },
    {
      heading: "Accepting these terms",
      paragraphs: [
        "By using this website you agree to these terms. If you do not agree with them, please do not use the site.",
        "We may update these terms from time to time; the date at the top shows when they last changed. The version in force when you place an order applies to that order.",
      ],
    },
    {
      heading: "Using the website",
      paragraphs: [
        "You are welcome to browse the site, contact us, apply for jobs, use the chat assistant and buy training. In return, please do not:",
      ],
      list: [
        "use the site in any way that breaks the law or is fraudulent;",
        "try to access the administration area, which is for our authorised staff only, or our servers without permission;",
        "introduce harmful code or try to overload or disrupt the site;",
        "copy content from the site in bulk with automated tools;",
        "send spam, abusive or misleading messages through our forms or the chat assistant.",
      ],
    },
    {
      heading: "Availability",
      paragraphs: [
        "The site is free to use. We cannot promise that it will always be available or uninterrupted, and we may suspend or change any part of it, for example for maintenance or security.",
      ],
    },
    {
      heading: "Intellectual property",
      paragraphs: [
        "We own, or are licensed to use, the content of this website, including its text, images, design and case studies. Our name and logo are our trade marks.",
        "You may print or download extracts for your own reference or to share within your organisation, as long as you do not change them and you acknowledge us as the source. Any other use, including republishing, needs our written permission. Course materials are for the delegate's own learning and may not be shared or resold.",
      ],
    },
    {
      heading: "Accuracy of information",
      paragraphs: [
        "We take care to keep this site accurate, but it is general information, not professional advice for your situation.",
        "Figures in our marketing, such as accuracy rates, time savings, availability percentages and implementation timescales, are illustrative. They come from particular projects or typical ranges and are not a promise of the results you will achieve. Any commitment about results will be set out in a written contract.",
        "Chat assistant answers are generated automatically and may be wrong. They are not an offer, quotation or advice.",
      ],
    },
    {
      heading: "Buying training courses",
      paragraphs: [
        "Our prices are set in pounds sterling. When you check out, you offer to buy the courses in your basket; the contract is made when we confirm your order by e-mail. You can buy as a guest, without an account.",
        "You can choose to see prices in another currency. Those amounts are converted from pounds sterling at fixed indicative rates that we set and review from time to time, and rounded to a whole number; they are not live market rates. You are charged in the currency shown at checkout, and the amount shown there is the amount you pay. If your card is in a different currency, your bank or card provider may apply its own exchange rate and fees, which we do not control.",
        "Card payments are processed securely by Stripe. If we have to cancel a course, we will offer you another date or a full refund.",
      ],
    },
    {
      heading: "Your right to cancel",
      paragraphs: [
        "If you are buying as a consumer, that is for purposes outside your trade, business or profession, you have the right under the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013 to cancel your order within 14 days, starting the day after we confirm it, without giving a reason. To cancel, tell us clearly, for example by e-mailing {{contact_email}}. We will refund you within 14 days of hearing from you, using the payment method you used.",
        "If you ask us to start a course before the 14 days are up and then cancel within that period, we may charge for the part of the course already provided. If you ask for immediate access to online course materials and acknowledge that you will lose your right to cancel, that right ends once access begins.",
        "If you are buying for a business, the cancellation right above does not apply, but you may transfer your place to a colleague at no charge; any other cancellation terms will be set out in your booking confirmation. Nothing in these terms affects your statutory rights as a consumer, including under the Consumer Rights Act 2015.",
      ],
    },
    {
      heading: "Links to other websites",
      paragraphs: [
        "This site links to other websites, such as our social media pages and Stripe's payment pages. We do not control those sites and are not responsible for them, and a link is not an endorsement. Their own terms and privacy notices apply.",
      ],
    },
    {
      heading: "Our liability",
      paragraphs: [
        "Nothing in these terms excludes or limits our liability for death or personal injury caused by our negligence, for fraud or fraudulent misrepresentation, or for any other liability that cannot be excluded or limited under the law of England and Wales.",
        "If you are a consumer, we are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or failing to use reasonable care and skill. We are not responsible for loss or damage that is not foreseeable.",
        "If you use the site or buy training as a business, we are not liable for loss of profits, sales, revenue or business, business interruption, loss of anticipated savings, loss of goodwill, or any indirect or consequential loss arising from your use of the site or your reliance on its content. Our total liability to a business in connection with a training order is limited to the price paid for that order.",
      ],
    },
    {
      heading: "Governing law",
      paragraphs: [
        "These terms, and any dispute or claim arising out of or in connection with them, are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction. If you are a consumer living in Scotland or Northern Ireland, you may also bring proceedings in your local courts.",
      ],
    },
    {
      heading: "Contact us",
      paragraphs: [
        "If you have a question about these terms or an order, e-mail {{contact_email}} or write to {{company_name}}, {{address_uk}}.",
      ],
    },
  ],
};

const cookiePolicy: LegalPage = {
  slug: "cookie-policy",
  title: "Cookie Policy",
  description:
    "Exactly which cookies and browser storage this website uses, why and for how long, and how to change your cookie choice at any time.",
  lastUpdated: "2026-11-26",
  intro:
    "This policy explains what cookies and browser storage are, lists everything this website stores in your browser, and tells you how to change your choice. In short: the site uses only what it needs to work and to remember choices you make. It sets no analytics, advertising or tracking cookies.",
  sections: [
    {
      heading: "What cookies and browser storage are",
      paragraphs: [
        "A cookie is a small piece of text that a website asks your browser to keep and send back with later requests, so that the site can remember, for example, that you have signed in.",
        "Local storage is a similar facility: a small amount of data that your browser keeps for a particular website. Unlike a cookie, it is not sent to our server with each request; it stays on your device and is read only by the pages of this site.",
        "The Privacy and Electronic Communications Regulations require consent before a website stores or reads information on your device, unless it is strictly necessary for something you have asked for. The rules cover cookies and local storage alike, so this policy covers both.",
      ],
    },
    {
      heading: "What this website uses",
      paragraphs: [
        "The table below lists everything this website stores in your browser. It sets no other cookies and stores nothing else.",
      ],
      table: {
        caption: "Cookies and browser storage used by this website",
        columns: ["Name", "Type", "Purpose", "Duration", "Category"],
        rows: [
          [
            "session",
            "Cookie (HttpOnly)",
            "Keeps an authorised member of staff signed in to the administration area. It is set only when someone signs in there. On the live HTTPS site it is named __Host-session.",
            "Up to 12 hours",
            "Strictly necessary",
          ],
          [
            "csrf",
            "Cookie (HttpOnly)",
            "Protects forms in the administration area against cross-site request forgery, where another website tries to submit a form in a signed-in user's name. On the live HTTPS site it is named __Host-csrf.",
            "Until you close your browser",
            "Strictly necessary",
          ],
          [
            "toast",
            "Cookie (HttpOnly)",
            "Carries a one-off confirmation message, such as a note that your changes were saved, to the next page you see. It is removed once the message has been shown.",
            "60 seconds",
            "Strictly necessary",
          ],
          [
            "cookieChoice",
            "Local storage",
            "Remembers whether you accepted all, rejected all or chose your own cookie settings, so that the banner does not appear on every visit.",
            "Until you clear it",
            "Strictly necessary",
          ],
          [
            "cookieSettings",
            "Local storage",
            "Remembers which optional categories (functional, performance, targeting) you switched on or off.",
            "Until you clear it",
            "Strictly necessary",
          ],
          [
            "cookieConsent",
            "Local storage",
            "Remembers which version of this policy your choice was made under, so that we ask again when it changes, and the ID of the record we keep of your choice.",
            "Until you clear it",
            "Strictly necessary",
          ],
          [
            "theme",
            "Local storage",
            "Remembers whether you chose the light or dark theme.",
            "Until you clear it",
            "Strictly necessary",
          ],
          [
            "basket",
            "Local storage",
            "Keeps the training courses you have added to your basket as you move between pages.",
            "Until you clear it or empty your basket",
            "Strictly necessary",
          ],
          [
            "userCurrency",
            "Local storage",
            "Remembers the currency you chose for showing course prices.",
            "Until you clear it",
            "Strictly necessary",
          ],
          [
            "chatConversation",
            "Session storage",
            "Keeps your conversation with the chat assistant while you move between pages in the same tab.",
            "Until you close the tab or start a new conversation",
            "Strictly necessary",
          ],
          [
            "contactDraft",
            "Session storage",
            "Carries a summary of your chat to the contact form when you choose Talk to a person. It is removed as soon as the form has been filled in.",
            "Until the contact form opens",
            "Strictly necessary",
          ],
        ],
      },
    },
    {
      heading: "About these items",
      paragraphs: [
        "All three cookies are set by this website itself, not by anyone else. They are marked HttpOnly, so scripts running in the page cannot read them, and on the live site they are sent only over encrypted connections. The __Host- prefix used there tells your browser to accept the cookie only over a secure connection and only for this exact website.",
        "The session and csrf cookies are used only in the administration area, which is for our staff. A visitor to the public pages will at most receive the toast cookie, for a minute after an action that shows a confirmation.",
        "We class the theme setting as strictly necessary because it only remembers a setting you chose yourself with the theme button; it is not used to identify or track you. Your basket and currency stay in your browser and are sent to us only when you go to checkout. Your chat conversation stays in the tab you had it in and is sent to us only with each message you send.",
      ],
    },
    {
      heading: "Cookie categories",
      paragraphs: ["Our cookie settings use four categories:"],
      list: [
        "Strictly necessary: needed for the site to work or to provide something you have asked for, such as signing in, keeping your basket or remembering your cookie choice. They do not need your consent and cannot be switched off in our settings. Everything in the table above is in this category.",
        "Functional: used to provide extra features or personalisation, such as embedded video players or remembering preferences across devices.",
        "Performance: used to understand how visitors use a site, for example which pages are visited most, usually through an analytics service.",
        "Targeting: used, usually by advertising networks, to build a profile of your interests and show you relevant adverts on other websites.",
      ],
    },
    {
      heading: "What we do not use",
      paragraphs: [
        "This website currently sets no functional, performance or targeting cookies, and stores nothing in your browser in those categories. Our cookie settings let you switch those categories on or off so that your preference is recorded, but switching them on today does not cause anything extra to be set.",
        "If we ever introduce cookies in these categories, we will update this policy, list them in the table above, and set them only if you have given your consent for that category.",
      ],
    },
    {
      heading: "Changing your choice",
      paragraphs: [
        "You can change your mind at any time. Select the ‘Cookie settings’ link in the footer of any page to re-open the settings, switch each optional category on or off, and confirm. Strictly necessary cookies are always on.",
        "When you make a choice, we save it in your browser so that the banner does not reappear, and we keep a record of it on our server with the time and the version of this policy that applied. The record shows your choice and which categories were on; it does not contain your name, e-mail address or IP address. We keep it for two years so that we can show consent was properly given, as our Privacy Statement explains.",
        "The cookie settings show the ID of the record of your latest choice: quote it if you ask us about your consent. When this policy or its categories change, we ask for your choice again.",
        "If you clear this site's data in your browser, your choice is removed and the banner will appear again on your next visit.",
      ],
    },
    {
      heading: "Controlling cookies in your browser",
      paragraphs: [
        "Most browsers let you see, delete and block cookies and other site data. Look for settings named ‘Privacy’, ‘Cookies and site data’ or ‘Clear browsing data’ in Chrome, Edge, Firefox or Safari, or check your browser's help pages. Clearing site data for this website also removes the local storage items listed above, including your basket.",
        "If you block all cookies, the public pages will still work, but you will not see one-off confirmation messages and the administration area will not let you sign in. If you block local storage, your basket, currency and theme will not be remembered, and the cookie banner will appear on each visit. The Information Commissioner's Office has guidance on cookies for the public at ico.org.uk.",
      ],
    },
    {
      heading: "Contact us",
      paragraphs: [
        "If you have a question about this policy or about how we use cookies, e-mail {{contact_email}} or write to {{company_name}}, {{address_uk}}.",
      ],
    },
  ],
};

export const LEGAL_PAGES: Record<LegalPage["slug"], LegalPage> = {
  "privacy-statement": privacyStatement,
  "terms-of-use": termsOfUse,
  "cookie-policy": cookiePolicy,
};
