/**
 * Follow-ups resolved against the conversation before routing. "And how much is it?",
 * "who teaches it?", "what about the DevOps one?", "how much is that in AUD" name nothing, or
 * name a record but not what is asked: the course or job they mean, and the attribute a bare
 * "what about X?" asks about, come from the earlier turns, the visitor's and the assistant's (a
 * reply about one course links to that course alone).
 */
import type { ChatHistoryEntry } from "../../lib/chat/chat";
import { careerPath } from "../../lib/site/careers";
import { courseAnchor, type CourseSummary } from "../../lib/commerce/training";
import type { Career } from "../careers/careers.server";
import { searchTerms } from "./language.server";
import { understand, type CourseAttribute, type JobAttribute, type Question } from "./question-understanding.server";
import { coursesNamed, jobsNamed } from "./records-named.server";
import type { SiteSearch } from "./search-index.server";

/** A record the conversation has been about, oldest first. */
type Mention = { kind: "course"; course: CourseSummary } | { kind: "job"; career: Career };

export interface ConversationContext {
  mentions: Mention[];
  /** The visitor's last message before this one. */
  previousQuestion?: string;
  previousCourseAttribute?: CourseAttribute;
  previousJobAttribute?: JobAttribute;
}

/** What the current message is about once the conversation is taken into account. */
export interface ResolvedQuestion {
  question: Question;
  courses: CourseSummary[];
  careers: Career[];
  /** True when the record came from an earlier turn. */
  fromContext: boolean;
}

function mentionsIn(search: SiteSearch, entry: ChatHistoryEntry): Mention[] {
  const { courses, careers } = search.knowledge;
  if (entry.role === "assistant") {
    // A reply about one record links to it alone; a list links to many and names none in particular.
    const courseLinks = new Set(entry.content.match(/\/training#course-[\w-]+/g) ?? []);
    const jobLinks = new Set(entry.content.match(/\/careers\/[\w-]+/g) ?? []);
    if (courseLinks.size === 1) {
      const course = courses.find((item) => courseLinks.has(`/training#${courseAnchor(item.id)}`));
      if (course) return [{ kind: "course", course }];
    }
    if (jobLinks.size === 1) {
      const career = careers.find((item) => jobLinks.has(careerPath(item)));
      if (career) return [{ kind: "job", career }];
    }
    return [];
  }
  const terms = search.termsOf(entry.content);
  const question = understand(entry.content, search.inSiteWords);
  const named: Mention[] = [];
  const namedJobs = jobsNamed(careers, terms);
  const namedCourses = coursesNamed(courses, terms, !question.aboutCourses);
  if (namedJobs.length === 1 && (question.aboutJobs || !question.aboutCourses)) {
    named.push({ kind: "job", career: namedJobs[0]! });
  } else if (namedCourses.length === 1 && (question.aboutCourses || !question.aboutJobs)) {
    named.push({ kind: "course", course: namedCourses[0]! });
  }
  return named;
}

/** What the earlier turns were about. */
export function conversationContext(search: SiteSearch, history: readonly ChatHistoryEntry[]): ConversationContext {
  const mentions: Mention[] = [];
  for (const entry of history) {
    for (const mention of mentionsIn(search, entry)) {
      const last = mentions.at(-1);
      const same =
        last &&
        ((last.kind === "course" && mention.kind === "course" && last.course.id === mention.course.id) ||
          (last.kind === "job" && mention.kind === "job" && last.career.id === mention.career.id));
      if (!same) mentions.push(mention);
    }
  }
  const previousQuestion = history.findLast((entry) => entry.role === "user")?.content;
  const previous = previousQuestion ? understand(previousQuestion, search.inSiteWords) : undefined;
  return {
    mentions,
    previousQuestion,
    previousCourseAttribute: previous?.courseAttribute,
    previousJobAttribute: previous?.jobAttribute,
  };
}

/** Whether a message is only the name of a thing, asking nothing: "and the DevOps one?". */
function asksNothing(question: Question): boolean {
  return (
    question.courseAttribute === undefined &&
    question.jobAttribute === undefined &&
    question.superlative === undefined &&
    /^\s*(and|what about|how about|or|also|plus|same for)\b|\?\s*$/.test(question.words) &&
    question.words.split(/\s+/).length <= 7
  );
}

/**
 * The message's question with what it leans on filled in from the conversation: the course or job
 * it means, and, for a bare "what about X?", the attribute asked about before.
 */
export function resolveQuestion(search: SiteSearch, message: string, context: ConversationContext): ResolvedQuestion {
  const { courses, careers } = search.knowledge;
  const terms = search.termsOf(message);
  const question = understand(message, search.inSiteWords);
  const namedCourses = coursesNamed(courses, terms, !question.aboutCourses);
  const namedCareers = jobsNamed(careers, terms);
  const hasContext = context.previousQuestion !== undefined;

  if (namedCourses.length > 0 || namedCareers.length > 0) {
    // "what about the DevOps one?": the same question about another record.
    if (hasContext && asksNothing(question) && question.followUp) {
      return {
        question: {
          ...question,
          aboutCourses: question.aboutCourses || namedCourses.length > 0,
          aboutJobs: question.aboutJobs || namedCareers.length > 0,
          courseAttribute: context.previousCourseAttribute,
          jobAttribute: context.previousJobAttribute,
          currency: question.currency ?? understand(context.previousQuestion!, search.inSiteWords).currency,
        },
        courses: namedCourses,
        careers: namedCareers,
        fromContext: false,
      };
    }
    return { question, courses: namedCourses, careers: namedCareers, fromContext: false };
  }

  const leansBack = question.followUp || question.courseAttribute !== undefined || question.jobAttribute !== undefined;
  if (!hasContext || !leansBack || context.mentions.length === 0) {
    return { question, courses: [], careers: [], fromContext: false };
  }
  // A question that names another topic of its own ("how much does a pen test cost?") is not a follow-up.
  if (!question.followUp && !question.currency && terms.some((term) => !FOLLOW_UP_TERMS.has(term))) {
    return { question, courses: [], careers: [], fromContext: false };
  }
  const latest = question.other ? otherThanLatest(context.mentions) : context.mentions.at(-1);
  if (!latest) return { question, courses: [], careers: [], fromContext: false };
  if (latest.kind === "course") {
    return { question: { ...question, aboutCourses: true }, courses: [latest.course], careers: [], fromContext: true };
  }
  return { question: { ...question, aboutJobs: true }, courses: [], careers: [latest.career], fromContext: true };
}

/** "The other one": the record discussed before the latest one, of the same kind. */
function otherThanLatest(mentions: readonly Mention[]): Mention | undefined {
  const latest = mentions.at(-1);
  if (!latest) return undefined;
  return mentions.findLast((mention) => mention.kind === latest.kind && mention !== latest);
}

/**
 * Words a follow-up about a record's attribute may use without naming a new topic: "how much does
 * it cost in euros", "how long does it take", "where is it based", "who teaches it".
 */
const FOLLOW_UP_TERMS = new Set(
  [
    "much cost costs price prices long take takes hours hour many teach teaches taught level based where located",
    "location include includes cover covers topics vat book place start starts dates date apply prerequisites",
    "need know before again tell more details detail about original inc including ex excluding dollars euros pounds",
    "aud usd eur cad gbp jpy yen australian canadian us american",
  ]
    .join(" ")
    .split(" ")
    .flatMap((word) => [word, ...searchTerms(word)]),
);
