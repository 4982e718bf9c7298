/**
 * What a visitor's question asks, read before anything is searched: which kind of thing
 * (courses, jobs, business hours, contact details), which attribute of it (a course's price, length,
 * level, instructor, prerequisites, VAT, topics, dates or booking; a job's location or how to
 * apply; a phone number, an address), a superlative ("the cheapest course"), a currency to show a
 * price in, days of the week, and whether it leans on the conversation ("and how much is it?").
 *
 * Routing on a keyword answered "how many hours is the React course" with the business hours; here
 * the attribute and the record named decide, and a topic word only routes when no record or
 * attribute says otherwise. Patterns are read on the question in the site's words (short forms
 * expanded, typos corrected), so "hw much" and "kubernets" are understood too.
 */
import type { CurrencyCode } from "../../lib/commerce/currency";

export type CourseAttribute =
  "price" | "duration" | "level" | "instructor" | "prerequisites" | "vat" | "topics" | "dates" | "booking";
export type JobAttribute = "location" | "apply" | "type" | "requirements" | "salary";
export type ContactAttribute = "phone" | "email" | "address" | "replyTime";
export type Superlative = "cheapest" | "dearest" | "shortest" | "longest";

export interface Question {
  /** The question as asked. */
  text: string;
  /** The question in the site's words, lower case. */
  words: string;
  courseAttribute?: CourseAttribute;
  jobAttribute?: JobAttribute;
  contactAttribute?: ContactAttribute;
  superlative?: Superlative;
  /** A currency other than pounds the visitor wants a price in. */
  currency?: CurrencyCode;
  /** Says "course", "training", "class"...: about the courses even if none is named. */
  aboutCourses: boolean;
  /** Says "job", "vacancy", "hiring", "apply"...: about the jobs even if none is named. */
  aboutJobs: boolean;
  /** Asks when the company is open. */
  aboutHours: boolean;
  /** Asks how to reach the company. */
  aboutContact: boolean;
  /** Days of the week named (0 Sunday to 6 Saturday). */
  days: number[];
  /** Leans on an earlier message: "it", "that one", "and the DevOps one?", "what about...". */
  followUp: boolean;
  /** Asks for "the other one" of two things already discussed. */
  other: boolean;
}

const COURSE_ATTRIBUTES: readonly [CourseAttribute, RegExp][] = [
  ["vat", /\b(vat|tax|taxes|inc(l|lusive|luding)?\.? of vat|ex vat)\b/],
  [
    "prerequisites",
    /\b(pre-?requisites?|pre-?reqs?|need to know|know before|prior (knowledge|experience)|background|before (the|i|starting|taking|joining)|required knowledge)\b/,
  ],
  [
    "instructor",
    /\b(who (teaches|runs|leads|takes|delivers|is teaching|will teach|trains)|teacher|trainer|instructor|tutor|taught by|lecturer|who teach)\b/,
  ],
  [
    "booking",
    /\b(book|booking|enrol|enroll|enrolment|sign up|signup|register|registration|reserve|place on|buy|purchase)\b/,
  ],
  [
    "dates",
    /\b(dates?|when (is|does|do|are|will)|start date|starts?|next (one|course|cohort|session|run)|schedule|upcoming|run again)\b/,
  ],
  [
    "duration",
    /\b(how long|how many (hours|days|weeks)|duration|length|hours long|how much time|long is|long does|last for|lasts)\b/,
  ],
  [
    "level",
    /\b(level|beginners?|intermediate|advanced|novice|newbie|experienced|difficult|difficulty|hard|easy|suitable|suit|ok for|right for me)\b/,
  ],
  [
    "topics",
    /\b(topics?|cover|covers|covered|syllabus|curriculum|content|contents|include|includes|modules?|learn|teach|outline|agenda)\b/,
  ],
  [
    "price",
    /\b(how much|cost|costs|costing|price|prices|priced|pricing|fee|fees|charge|pay|expensive|cheap|afford\w*|discount\w*|original|saving|save)\b|[£$€]/,
  ],
];

const JOB_ATTRIBUTES: readonly [JobAttribute, RegExp][] = [
  ["apply", /\b(apply|applying|application|applications|cv|resume|how do i (get|join))\b/],
  ["salary", /\b(salary|salaries|pay|paid|wage|wages|compensation|benefits)\b/],
  [
    "location",
    /\b(where|based|location|located|remote|hybrid|office|onsite|on-site|relocat\w*|work(ing)? from home|wfh|in person)\b/,
  ],
  ["type", /\b(full[- ]time|part[- ]time|contract|permanent|freelance|temporary)\b/],
  ["requirements", /\b(requirements?|skills?|experience|qualifications?|qualified|need)\b/],
];

const CONTACT_ATTRIBUTES: readonly [ContactAttribute, RegExp][] = [
  [
    "replyTime",
    /\b(get back|reply|replies|respond|response|hear back|answer me|how (quickly|soon|long)\b.*\b(back|reply|respond|hear|answer))\b/,
  ],
  [
    "phone",
    /\b(phone|telephone|call (you|us|someone)|ring (you|us)|(contact|mobile|phone|telephone) number|your number|number to call|landline|call me|call back|callback)\b/,
  ],
  ["email", /\b(e-?mail|email address|mail)\b/],
  [
    "address",
    /\b(address|offices?|located|location|where are you|where is your|visit|postcode|head ?quarters|hq|based)\b/,
  ],
];

const SUPERLATIVES: readonly [Superlative, RegExp][] = [
  ["cheapest", /\b(cheapest|least expensive|lowest price[ds]?|most affordable|lowest cost)\b/],
  ["dearest", /\b(most expensive|dearest|priciest|highest price[ds]?)\b/],
  ["shortest", /\b(shortest|quickest)\b/],
  ["longest", /\b(longest)\b/],
];

/** Currencies by the names visitors give them; the longer names first ("canadian dollars"). */
const CURRENCIES: readonly [CurrencyCode, RegExp][] = [
  ["CAD", /\b(canadian dollars?|cad|c\$|ca\$)|\bcan\$/],
  ["AUD", /\b(australian dollars?|aussie dollars?|aud|a\$|au\$)/],
  ["USD", /\b(us dollars?|american dollars?|usd|dollars?|bucks)\b|\$/],
  ["EUR", /\b(euros?|eur)\b|€/],
  ["JPY", /\b(yen|jpy)\b|¥/],
  ["CNY", /\b(yuan|renminbi|rmb|cny)\b/],
  ["RUB", /\b(roubles?|rubles?|rub)\b|₽/],
  ["BRL", /\b(reais|reals?|brl)\b|r\$/],
  ["INR", /\b(rupees?|inr)\b|₹/],
];

const ABOUT_COURSES =
  /\b(courses?|training|trainings|class|classes|workshops?|bootcamps?|certifications?|lessons?|delegates?|cohorts?)\b/;
const ABOUT_JOBS =
  /\b(jobs?|careers?|vacanc(y|ies)|roles?|positions?|openings|hiring|hire|recruit\w*|apply|applying|application|applications|cv|resume|employment|graduates?|internships?|interns?|apprentice\w*|placements?|work (for|with|at) (you|your|us)|join (you|your|the team))\b/;
const ABOUT_HOURS =
  /\b(opening (hours|times)|business hours|office hours|working hours|your hours|hours of (business|work)|open|opens|close|closes|closed|closing|what time)\b/;
const ABOUT_CONTACT =
  /\b(contact|get in touch|e-?mail|phone|telephone|call you|ring|reach|talk to|speak to|address|offices?|where are you|located|human|person)\b/;

const DAYS: readonly [number[], RegExp][] = [
  [[1], /\bmon(day)?s?\b/],
  [[2], /\btues?(day)?s?\b/],
  [[3], /\bwed(nesday)?s?\b/],
  [[4], /\bthu(rs?)?(day)?s?\b/],
  [[5], /\bfri(day)?s?\b/],
  [[6], /\bsat(urday)?s?\b/],
  [[0], /\bsun(day)?s?\b/],
  [[6, 0], /\bweekends?\b/],
  [[1, 2, 3, 4, 5], /\bweekdays?\b/],
];

const FOLLOW_UP =
  /\b(it|its|that|this|they|them|those|these|one|ones|same)\b|^\s*(and|also|plus|so|but|what about|how about|or)\b/;
const OTHER = /\b(the other|the other one|other one)\b/;

function first<Value>(table: readonly [Value, RegExp][], text: string): Value | undefined {
  return table.find(([, pattern]) => pattern.test(text))?.[0];
}

/** Reads a question. `inSiteWords` is the site search's reading of it (short forms, typos). */
export function understand(text: string, inSiteWords: (text: string) => string = (same) => same): Question {
  const words = inSiteWords(text).toLowerCase().replace(/[’‘]/g, "'");
  // The patterns read the visitor's own words as well as the site's: a typo correction may turn a
  // word the site never uses ("trainer", "shortest") into one it does.
  const both = `${text.toLowerCase().replace(/[’‘]/g, "'")} ${words}`;
  const currency = first(CURRENCIES, both);
  return {
    text,
    words,
    courseAttribute: first(COURSE_ATTRIBUTES, both) ?? (currency ? "price" : undefined),
    jobAttribute: first(JOB_ATTRIBUTES, both),
    contactAttribute: first(CONTACT_ATTRIBUTES, both),
    superlative: first(SUPERLATIVES, both),
    currency,
    aboutCourses: ABOUT_COURSES.test(both),
    aboutJobs: ABOUT_JOBS.test(both),
    aboutHours: ABOUT_HOURS.test(both) || (/\bhours\b/.test(both) && !/\bhow many hours\b/.test(both)),
    aboutContact: ABOUT_CONTACT.test(both),
    days: [...new Set(DAYS.filter(([, pattern]) => pattern.test(both)).flatMap(([days]) => days))],
    followUp: FOLLOW_UP.test(words),
    other: OTHER.test(words),
  };
}
