/**
 * Answers about the training courses, from the course records: one attribute of one
 * course (its price, in pounds or in the currency the visitor names at the site's own rates; its
 * length, level, instructor, topics, who it suits, VAT, booking), the cheapest or longest course,
 * or the list. Every figure is the record's own, every link a course's place on /training.
 */
import { BASKET_CURRENCIES, convertPrice, formatPrice, type CurrencyCode } from "../../../lib/commerce/currency";
import { courseAnchor, type CourseSummary } from "../../../lib/commerce/training";
import { sentences } from "../language.server";
import type { CourseAttribute, Question, Superlative } from "../question-understanding.server";
import type { SiteSearch } from "../search-index.server";
import { isGenericCourseTerm } from "../records-named.server";
import { CONTACT_LINK, noAnswer, type AssistantAnswer } from "./answer.server";
import { answerFromSitePassages } from "./passages.server";

const CURRENCY_NAMES: Readonly<Record<CurrencyCode, string>> = {
  GBP: "pounds",
  USD: "US dollars",
  EUR: "euros",
  CAD: "Canadian dollars",
  AUD: "Australian dollars",
  JPY: "Japanese yen",
  CNY: "Chinese yuan",
  RUB: "Russian roubles",
  BRL: "Brazilian reais",
  INR: "Indian rupees",
};

const courseLink = (course: CourseSummary) => `/training#${courseAnchor(course.id)}`;
const named = (course: CourseSummary) => `[${course.name}](${courseLink(course)})`;

/** "£1,699 (was £2,199)", as the course card shows it. */
export function coursePrice(course: CourseSummary): string {
  const price = formatPrice(course.price, "GBP");
  return course.originalPrice && course.originalPrice > course.price
    ? `${price} (was ${formatPrice(course.originalPrice, "GBP")})`
    : price;
}

/** The price in another currency, converted and rounded as the basket does, or undefined for pounds. */
function converted(course: CourseSummary, currency: CurrencyCode | undefined, rates: Record<string, number>) {
  if (!currency || currency === "GBP" || !(currency in rates)) return undefined;
  return formatPrice(convertPrice(course.price, "GBP", currency, rates), currency);
}

/** The first sentence on a page of the site that matches, e.g. the training page's line on VAT. */
function sentenceOnPage(search: SiteSearch, url: string, pattern: RegExp): string | undefined {
  for (const passage of search.knowledge.passages) {
    if (passage.url !== url) continue;
    const found = sentences(passage.text).find((sentence) => pattern.test(sentence));
    if (found) return found;
  }
  return undefined;
}

/** Hours in a course's duration ("24 hours" is 24), for "the shortest course". */
function hoursOf(course: CourseSummary): number {
  const match = /(\d+(?:\.\d+)?)\s*(hour|day|week)/i.exec(course.duration);
  if (!match) return Number.NaN;
  const unit = match[2]!.toLowerCase();
  return Number(match[1]) * (unit === "day" ? 8 : unit === "week" ? 40 : 1);
}

function courseLine(course: CourseSummary, currency: CurrencyCode | undefined, rates: Record<string, number>): string {
  const other = converted(course, currency, rates);
  return `- ${named(course)}: ${other ? `${other} (${coursePrice(course)})` : coursePrice(course)}, ${course.duration}, ${course.level}`;
}

function currencyNote(currency: CurrencyCode | undefined, rates: Record<string, number>): string {
  if (!currency || currency === "GBP" || !(currency in rates)) return "";
  const inBasket = (BASKET_CURRENCIES as readonly string[]).includes(currency)
    ? ` Choose ${CURRENCY_NAMES[currency]} in the basket to see prices that way.`
    : "";
  return ` Prices in ${CURRENCY_NAMES[currency]} are converted from pounds at the rate our basket uses (${rates[currency]} ${CURRENCY_NAMES[currency]} to the pound) and rounded to a whole number.${inBasket}`;
}

/** Who a course suits, in the record's own words ("It suits IT staff...", "Designed for experienced engineers..."). */
function suitsSentence(course: CourseSummary): string | undefined {
  return sentences(course.description).find((sentence) =>
    /\b(suits?|designed for|aimed at|ideal for|for anyone|no (prior )?experience|beginners?|experienced)\b/i.test(
      sentence,
    ),
  );
}

function attributeAnswer(
  search: SiteSearch,
  course: CourseSummary,
  attribute: CourseAttribute | undefined,
  question: Question,
): string {
  const { rates } = search.knowledge;
  const name = `**${course.name}**`;
  const vat = sentenceOnPage(search, "/training", /\bVAT\b/);
  const see = `See it on our [Training](${courseLink(course)}) page.`;
  switch (attribute) {
    case "price": {
      const other = converted(course, question.currency, rates);
      const inPounds = `Our ${name} course costs ${coursePrice(course)}.`;
      const inOther = other
        ? ` That is ${other} in ${CURRENCY_NAMES[question.currency!]}.${currencyNote(question.currency, rates)}`
        : "";
      return `${inPounds}${inOther}${vat ? ` ${vat}` : ""} ${see}`;
    }
    case "duration":
      return `The ${name} course takes ${course.duration} (${course.level} level). ${see}`;
    case "level": {
      const suits = suitsSentence(course);
      return `The ${name} course is at ${course.level} level.${suits ? ` ${suits}` : ""} ${see}`;
    }
    case "instructor":
      return course.instructor
        ? `The ${name} course is taught by ${course.instructor}. ${see}`
        : `Our website does not name the instructor of the ${name} course. ${see}`;
    case "prerequisites": {
      const suits = suitsSentence(course);
      return `Our website lists no formal prerequisites for the ${name} course. It is a ${course.level}-level course${suits ? `: ${suits}` : "."} ${see}`;
    }
    case "vat":
      return `${vat ?? "Our course prices are shown in pounds."} The ${name} course costs ${coursePrice(course)}. ${see}`;
    case "topics":
      return `The ${name} course (${course.duration}, ${course.level}) covers:\n${course.features.map((feature) => `- ${feature}`).join("\n")}\n\n${see}`;
    case "dates":
      return `Our website does not list dates for the ${name} course. To ask when it next runs, send us a message through our ${CONTACT_LINK}. ${see}`;
    case "booking":
      return `To book a place on the ${name} course, add it to your basket from its card on our [Training](${courseLink(course)}) page, then check out from the basket. It costs ${coursePrice(course)}.`;
    default:
      return (
        `Our ${name} course costs ${coursePrice(course)}. It takes ${course.duration} at ${course.level} level` +
        `${course.instructor ? `, taught by ${course.instructor}` : ""}. ${sentences(course.description)[0] ?? ""}\n\n` +
        `Topics include ${course.features.slice(0, 4).join(", ")}. ` +
        `See it on our [Training](${courseLink(course)}) page, where you can add it to your basket.`
      );
  }
}

const SUPERLATIVE_WORDS: Record<Superlative, string> = {
  cheapest: "cheapest",
  dearest: "most expensive",
  shortest: "shortest",
  longest: "longest",
};

function superlativeAnswer(search: SiteSearch, superlative: Superlative, question: Question): AssistantAnswer {
  const { courses, rates } = search.knowledge;
  const value = (course: CourseSummary) =>
    superlative === "cheapest" || superlative === "dearest" ? course.price : hoursOf(course);
  const sign = superlative === "cheapest" || superlative === "shortest" ? 1 : -1;
  const ranked = courses
    .filter((course) => Number.isFinite(value(course)))
    .sort((a, b) => sign * (value(a) - value(b)) || a.name.localeCompare(b.name));
  const best = ranked[0]!;
  const other = converted(best, question.currency, rates);
  return {
    text:
      `Our ${SUPERLATIVE_WORDS[superlative]} course is **${best.name}**: ${other ? `${other} (${coursePrice(best)})` : coursePrice(best)}, ` +
      `${best.duration}, ${best.level} level.${currencyNote(question.currency, rates)} See it on our [Training](${courseLink(best)}) page, with all our courses.`,
    answered: true,
  };
}

/** The reply to a question about courses: `courses` are the ones it names (or its conversation named). */
export function answerCourses(
  search: SiteSearch,
  question: Question,
  courses: readonly CourseSummary[],
): AssistantAnswer {
  const { knowledge } = search;
  const { rates } = knowledge;
  if (knowledge.courses.length === 0) {
    return {
      text: `We have no courses on sale at the moment. New courses appear on our [Training](/training) page, and our team can help through our ${CONTACT_LINK}.`,
      answered: true,
    };
  }
  if (courses.length === 0 && question.superlative) return superlativeAnswer(search, question.superlative, question);
  if (courses.length === 1) {
    return { text: attributeAnswer(search, courses[0]!, question.courseAttribute, question), answered: true };
  }
  if (courses.length === 0 && question.courseAttribute === "vat") {
    const vat = sentenceOnPage(search, "/training", /\bVAT\b/);
    if (vat)
      return { text: `${vat} See our courses and their prices on our [Training](/training) page.`, answered: true };
  }
  if (courses.length === 0 && question.courseAttribute === "booking") {
    return {
      text: "To book a place, choose Add to Basket on the course's card on our [Training](/training) page, then check out from the basket. For a private course for your team, send us a message through our [contact page](/contact).",
      answered: true,
    };
  }
  // "Can I pay by invoice for training?" names no course and no attribute of one, but asks about
  // something else: the course list is no answer to it; a passage of the site may be.
  if (courses.length === 0 && search.termsOf(question.text).some((term) => !isGenericCourseTerm(term))) {
    return answerFromSitePassages(search, question.text, undefined, true) ?? noAnswer(knowledge);
  }
  const listed = courses.length > 0 ? courses : knowledge.courses;
  const intro =
    courses.length > 0
      ? "These of our training courses match:"
      : `We run these training courses (prices in ${question.currency && question.currency !== "GBP" ? `${CURRENCY_NAMES[question.currency]}, with pounds` : "pounds"}):`;
  return {
    text: `${intro}\n${listed.map((course) => courseLine(course, question.currency, rates)).join("\n")}\n\n${currencyNote(question.currency, rates).trim()}${question.currency && question.currency !== "GBP" ? " " : ""}See them all on our [Training](/training) page, where the basket can show prices in other currencies.`,
    answered: true,
  };
}
