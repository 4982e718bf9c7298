/**
 * The assistant that needs no model: it answers from the site by itself, in a
 * sentence or a short list with links to the pages it used. Deterministic: the same conversation on
 * the same content always gets the same answer. A question goes through these steps in turn:
 *
 * 1. small talk (a greeting, thanks) is answered without searching;
 * 2. a question in another language is answered in that language (other-languages.server.ts);
 * 3. what must not be answered from the site is declined politely (out-of-scope.server.ts);
 * 4. the question is read (question-understanding.server.ts) and what it leans on is filled in
 *    from the conversation (conversation.server.ts): which course or job, which attribute;
 * 5. it is routed by what it asks, not by a keyword: a course's or job's attribute from the
 *    records, business hours and contact details from the Contact page's list (intents/);
 * 6. anything else gets the best passage of the site, quoted and cited, when the site search is
 *    sure of it; otherwise the assistant says plainly that it found nothing and points to a person.
 */
import type { ChatHistoryEntry } from "../../lib/chat/chat";
import { conversationContext, resolveQuestion, type ResolvedQuestion } from "./conversation.server";
import { noAnswer, type AssistantAnswer } from "./intents/answer.server";
import { answerContact } from "./intents/contact.server";
import { answerCourses } from "./intents/courses.server";
import { answerJobs } from "./intents/jobs.server";
import { answerFromSitePassages } from "./intents/passages.server";
import { otherLanguageOf, otherLanguageReply } from "./other-languages.server";
import { outOfScope } from "./out-of-scope.server";
import type { SiteSearch } from "./search-index.server";

export type { AssistantAnswer } from "./intents/answer.server";
export { isConfident } from "./intents/passages.server";

const SMALL_TALK =
  /^(hi|hello|hey|hiya|good (morning|afternoon|evening)|thanks?( you)?( very much)?|thank you|cheers|ok(ay)?|great|bye|goodbye)[\s!.,]*$/i;
const THANKS = /thank|cheers/i;

/** Asks for a role in particular ("graduates", "a data scientist job"), not just "any jobs?". */
const ASKS_FOR_A_ROLE =
  /\b(graduates?|interns?|internships?|apprentice\w*|placements?|junior|juniors|trainees?|(\w+ )?(developers?|engineers?|analysts?|scientists?|designers?|managers?|consultants?|testers?|architects?))\b|\b(jobs?|roles?|positions?|vacanc(y|ies)|openings) (in|for)\b/i;

function route(search: SiteSearch, resolved: ResolvedQuestion, previousQuestion: string | undefined): AssistantAnswer {
  const { knowledge } = search;
  const { question, courses, careers, fromContext } = resolved;
  const asksAboutCourses =
    question.aboutCourses || fromContext || question.courseAttribute !== undefined || question.currency !== undefined;
  const asksAboutJobs = question.aboutJobs || fromContext || question.jobAttribute !== undefined;
  const namesDays = question.aboutHours && question.days.length > 0;

  // A name can fit a job and a course ("full stack", "cyber security"): the question's words decide.
  const jobOverCourse = courses.length === 0 || (question.aboutJobs && !question.aboutCourses);
  if (careers.length > 0 && jobOverCourse && asksAboutJobs) return answerJobs(search, question, careers, false);
  if (courses.length > 0 && asksAboutCourses && !namesDays) return answerCourses(search, question, courses);
  if (question.aboutJobs && !question.aboutCourses) {
    return answerJobs(search, question, [], ASKS_FOR_A_ROLE.test(question.words));
  }
  if (namesDays && knowledge.contact.hours.length > 0) return answerContact(knowledge, question);
  if (question.aboutCourses || (question.superlative && courses.length === 0 && asksAboutCourses)) {
    return answerCourses(search, question, []);
  }
  if (
    (question.aboutHours && knowledge.contact.hours.length > 0) ||
    question.aboutContact ||
    question.contactAttribute
  ) {
    return answerContact(knowledge, question);
  }
  const aboutRecords = question.aboutCourses || question.aboutJobs;
  return answerFromSitePassages(search, question.text, previousQuestion, aboutRecords) ?? noAnswer(knowledge);
}

/**
 * The built-in assistant's reply to a message. `history` is the conversation before it (the
 * visitor's and the assistant's turns), or just the visitor's previous question.
 */
export function answerFromSite(
  search: SiteSearch,
  message: string,
  history: string | readonly ChatHistoryEntry[] = [],
): AssistantAnswer {
  const { knowledge } = search;
  const trimmed = message.trim();
  if (SMALL_TALK.test(trimmed)) {
    return {
      text: THANKS.test(trimmed)
        ? "You're welcome! Is there anything else I can help you with?"
        : "Hello! I can tell you about our services, training courses and their prices, job openings, business hours and how to reach the team. What would you like to know?",
      answered: true,
    };
  }
  const language = otherLanguageOf(trimmed);
  if (language) return { text: otherLanguageReply(language), answered: false };

  const declined = outOfScope(trimmed, knowledge.companyName);
  if (declined) return { text: declined.text, answered: true };

  const turns: readonly ChatHistoryEntry[] =
    typeof history === "string" ? [{ role: "user", content: history }] : history;
  const context = conversationContext(search, turns);
  return route(search, resolveQuestion(search, trimmed, context), context.previousQuestion);
}
