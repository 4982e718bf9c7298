/**
 * The assistant that needs no model (issue 7): it answers from the site search by itself, in a
 * sentence or a short list with links to the pages it used. Questions about courses and prices,
 * job openings and applying, business hours and contact details get lists built from the records
 * themselves; anything else gets the best-matching sentences of the best passage. When nothing on
 * the site matches well enough, it says so plainly and points to a person. Deterministic: the
 * same question on the same content always gets the same answer.
 */
import { applyPath, careerPath } from "../../lib/careers";
import { formatPrice } from "../../lib/currency";
import { courseAnchor, type CourseSummary } from "../../lib/training";
import type { Career } from "../careers/careers.server";
import { distinctTermCount, refersBack, searchTerms, sentences } from "./language.server";
import type { SearchHit, SiteSearch } from "./search-index.server";
import type { SiteKnowledge } from "./site-documents.server";

export interface AssistantAnswer {
  text: string;
  /** False when the site had nothing that answers the question (it is then counted for the CMS). */
  answered: boolean;
}

/** A hit this good is an answer: most of the question's words are in one passage. */
export function isConfident(hit: SearchHit | undefined, termCount: number): hit is SearchHit {
  if (!hit) return false;
  // With one or two words every word must match; with more, the rarer half of the question will do.
  return termCount <= 2 ? hit.coverage > 0.999 : hit.coverage >= 0.5;
}

const SMALL_TALK =
  /^(hi|hello|hey|hiya|good (morning|afternoon|evening)|thanks?( you)?( very much)?|thank you|cheers|ok(ay)?|great|bye|goodbye)[\s!.,]*$/i;
const THANKS = /thank|cheers/i;

const INTENTS = {
  hours:
    /\b(hours?|opening times?|open|opens|close[sd]?|closing|weekends?|saturdays?|sundays?|bank holidays?|what time)\b/i,
  jobs: /\b(jobs?|careers?|vacanc(y|ies)|roles?|positions?|openings|vacancies|hiring|hire|recruit\w*|apply|applying|application|cv|resume|employment|work (for|with|at) (you|your))\b/i,
  courses: /\b(courses?|training|trainings|classes|class|certifications?|workshops?|curriculum|bootcamps?)\b/i,
  contact:
    /\b(contact|e-?mail|phone|call|telephone|reach|talk|speak|address|offices?|located|location|where are you|human|person|someone)\b/i,
} as const;

/** Words that only say "a course" or "a job", not which one. */
const GENERIC_COURSE_TERMS = new Set(
  searchTerms(
    "course courses training train class classes certification certificate workshop learn learning price prices pricing cost costs fee fees offer offers available run provide teach online",
  ),
);
const GENERIC_JOB_TERMS = new Set(
  searchTerms(
    "job jobs career careers vacancy vacancies role roles position positions opening openings hiring hire recruit recruiting apply applying application cv resume employment work open available",
  ),
);

const contactLink = "[contact page](/contact)";

function noAnswer(knowledge: SiteKnowledge): AssistantAnswer {
  const email = knowledge.contact.emails[0];
  const byMail = email ? ` or e-mail ${email}` : "";
  return {
    text: `I'm sorry, I couldn't find an answer to that on our website. A member of the team can help: send a message through our ${contactLink}${byMail}.`,
    answered: false,
  };
}

function coursePrice(course: CourseSummary): string {
  const price = formatPrice(course.price, "GBP");
  return course.originalPrice && course.originalPrice > course.price
    ? `${price} (was ${formatPrice(course.originalPrice, "GBP")})`
    : price;
}

function courseLine(course: CourseSummary): string {
  return `- [${course.name}](/training#${courseAnchor(course.id)}): ${coursePrice(course)}, ${course.duration}, ${course.level}`;
}

/**
 * The records (courses or jobs) the question names, by its words other than the generic ones
 * ("course", "job", "price"): none when it names none, so the caller lists them all.
 */
function recordsNamed<Item>(
  search: SiteSearch,
  question: string,
  genericTerms: ReadonlySet<string>,
  kind: "course" | "job",
  recordAt: (url: string) => Item | undefined,
): Item[] {
  const topic = searchTerms(question).filter((term) => !genericTerms.has(term));
  if (topic.length === 0) return [];
  return search
    .search(topic.join(" "), { kinds: [kind], limit: 3 })
    .filter((hit) => isConfident(hit, topic.length))
    .map((hit) => recordAt(hit.passage.url))
    .filter((item): item is Item => item !== undefined);
}

function answerCourses(search: SiteSearch, question: string): AssistantAnswer {
  const { courses } = search.knowledge;
  if (courses.length === 0) return noAnswer(search.knowledge);
  const matching = recordsNamed(search, question, GENERIC_COURSE_TERMS, "course", (url) =>
    courses.find((course) => url.endsWith(courseAnchor(course.id))),
  );
  if (matching.length === 1) {
    const [course] = matching as [CourseSummary];
    return {
      text:
        `Our **${course.name}** course costs ${coursePrice(course)}. It takes ${course.duration} at ${course.level} level` +
        `${course.instructor ? `, taught by ${course.instructor}` : ""}. ${sentences(course.description)[0] ?? ""}\n\n` +
        `Topics include ${course.features.slice(0, 4).join(", ")}. ` +
        `See it on our [Training](/training#${courseAnchor(course.id)}) page, where you can add it to your basket.`,
      answered: true,
    };
  }
  const listed = matching.length > 0 ? matching : courses;
  const intro =
    matching.length > 0 ? "These of our training courses match:" : "We run these training courses (prices in pounds):";
  return {
    text: `${intro}\n${listed.map(courseLine).join("\n")}\n\nSee them all on our [Training](/training) page, where the basket can show prices in other currencies.`,
    answered: true,
  };
}

function jobLine(career: Career): string {
  return `- [${career.title}](${careerPath(career)}): ${career.department}, ${career.location}, ${career.type}`;
}

function answerJobs(search: SiteSearch, question: string): AssistantAnswer {
  const { careers } = search.knowledge;
  const howToApply =
    "To apply, open the job's page and choose Apply Now: it opens our contact form with the role filled in, where you attach your CV (PDF, DOC, DOCX or TXT, up to 10MB).";
  if (careers.length === 0) {
    return {
      text: `We have no job openings at the moment. You are welcome to send your CV through our ${contactLink}, and new roles appear on our [Careers](/careers) page.`,
      answered: true,
    };
  }
  const matching = recordsNamed(search, question, GENERIC_JOB_TERMS, "job", (url) =>
    careers.find((career) => url === careerPath(career)),
  );
  if (matching.length === 1) {
    const [career] = matching as [Career];
    return {
      text:
        `We are hiring a **${career.title}** (${career.department}, ${career.location}, ${career.type}). ` +
        `Read the details on [its page](${careerPath(career)}), then [apply through our contact form](${applyPath(career.title)}) with your CV.`,
      answered: true,
    };
  }
  const listed = matching.length > 0 ? matching : careers;
  return {
    text: `These roles are open now:\n${listed.map(jobLine).join("\n")}\n\n${howToApply} Our hiring process is described on our [Careers](/careers) page.`,
    answered: true,
  };
}

function answerHours(knowledge: SiteKnowledge): AssistantAnswer {
  return {
    text: `Our business hours are:\n${knowledge.contact.hours.map((hours) => `- ${hours}`).join("\n")}\n\nYou can send us a message at any time through our ${contactLink}.`,
    answered: true,
  };
}

function answerContact(knowledge: SiteKnowledge): AssistantAnswer {
  const { emails, phones, offices } = knowledge.contact;
  const lines = [
    ...emails.map((email) => `- E-mail: [${email}](mailto:${email})`),
    ...phones.map((phone) => `- Phone: [${phone}](tel:${phone.replace(/[^\d+]/g, "")})`),
    ...offices.map((office) => `- Office in ${office}`),
  ];
  const intro =
    lines.length > 0 ? `You can reach the ${knowledge.companyName} team here:\n${lines.join("\n")}\n\n` : "";
  return {
    text: `${intro}Or send a message through our ${contactLink}, and a member of the team will reply within one working day.`,
    answered: true,
  };
}

/** The passage's sentences that best answer the question, in their own order; two at most. */
function bestSentences(text: string, question: string): string {
  const wanted = new Set(searchTerms(question));
  const scored = sentences(text).map((sentence, position) => ({
    sentence,
    position,
    score: new Set(searchTerms(sentence).filter((term) => wanted.has(term))).size,
  }));
  const chosen = [...scored]
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, 2)
    .sort((a, b) => a.position - b.position);
  return chosen.map((item) => item.sentence).join(" ");
}

function answerFromPassages(search: SiteSearch, question: string): AssistantAnswer | null {
  const termCount = distinctTermCount(question);
  const hits = search.search(question, { limit: 5 });
  const best = hits.find((hit) => isConfident(hit, termCount));
  if (!best) return null;
  const seeAlso = hits.find(
    (hit) => hit.passage.url !== best.passage.url && isConfident(hit, termCount) && hit.score >= best.score * 0.6,
  );
  const link = (hit: SearchHit) => `[${hit.passage.pageTitle}](${hit.passage.url})`;
  return {
    text:
      `${bestSentences(best.passage.text, question)}\n\nRead more: ${link(best)}` +
      (seeAlso ? `, and see also ${link(seeAlso)}.` : "."),
    answered: true,
  };
}

/**
 * The built-in assistant's reply to a question. `previousQuestion` lets a short follow-up ("how
 * long is it?") borrow the words of the question before it when it finds nothing on its own.
 */
export function answerFromSite(search: SiteSearch, question: string, previousQuestion?: string): AssistantAnswer {
  const { knowledge } = search;
  const trimmed = question.trim();
  if (SMALL_TALK.test(trimmed)) {
    return {
      text: THANKS.test(trimmed)
        ? "You're welcome! Is there anything else I can help you with?"
        : "Hello! I can tell you about our services, training courses and their prices, job openings, business hours and how to reach the team. What would you like to know?",
      answered: true,
    };
  }
  if (INTENTS.hours.test(trimmed) && knowledge.contact.hours.length > 0 && !INTENTS.jobs.test(trimmed)) {
    return answerHours(knowledge);
  }
  if (INTENTS.jobs.test(trimmed)) return answerJobs(search, trimmed);
  if (INTENTS.courses.test(trimmed)) return answerCourses(search, trimmed);
  if (INTENTS.contact.test(trimmed)) return answerContact(knowledge);
  const withContext = previousQuestion ? `${previousQuestion} ${trimmed}` : undefined;
  const attempts =
    withContext && refersBack(trimmed) ? [withContext, trimmed] : [trimmed, ...(withContext ? [withContext] : [])];
  for (const attempt of attempts) {
    const answer = answerFromPassages(search, attempt);
    if (answer) return answer;
  }
  return noAnswer(knowledge);
}
