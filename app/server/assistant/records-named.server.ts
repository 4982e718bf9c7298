/**
 * Which course or job a question names, by the words of its name first and its
 * description second: "the kubernetes course" is DevOps & Kubernetes in Production, "the react
 * and node one" is the full-stack course. Words that only say "a course", "a job" or what is asked
 * about it ("price", "level", "hours") are left out, so they never pick a record by themselves.
 */
import type { Career } from "../careers/careers.server";
import type { CourseSummary } from "../../lib/commerce/training";
import { QUESTION_WORDS, searchTerms } from "./language.server";

const GENERIC_COURSE_TERMS = new Set([
  ...QUESTION_WORDS,
  ...searchTerms(
    "course courses training train trained class classes certification certificate workshop learn learning price prices " +
      "pricing cost costs fee fees offer offers available run provide teach teaches taught online one ones level hours long " +
      "much original prerequisite prerequisites book booking beginner beginners intermediate advanced complete topics cover " +
      "covers vat include includes instructor dollars euros pounds preparation prep production business " +
      "list lists show all every give tell about",
  ),
]);
const GENERIC_JOB_TERMS = new Set([
  ...QUESTION_WORDS,
  ...searchTerms(
    "job jobs career careers vacancy vacancies role roles position positions opening openings hiring hire recruit " +
      "recruiting apply applying application cv resume employment work open available based where location one full " +
      "time contract senior",
  ),
]);

/** Whether a word only says "a course" or what is asked about one ("price", "hours"), not which or what else. */
export function isGenericCourseTerm(term: string): boolean {
  return GENERIC_COURSE_TERMS.has(term);
}

/**
 * How well a record's words match the question's: three for each word of its name, one for its
 * text. A record its name does not match must hold every word of the topic: "refund policy" does
 * not name the course whose topics include "IAM policies".
 */
function score(topic: readonly string[], name: ReadonlySet<string>, body: ReadonlySet<string>): number {
  if (!topic.some((term) => name.has(term)) && !topic.every((term) => body.has(term))) return 0;
  return topic.reduce((sum, term) => sum + (name.has(term) ? 3 : body.has(term) ? 1 : 0), 0);
}

function bestMatches<Item>(
  items: readonly Item[],
  questionTerms: readonly string[],
  generic: ReadonlySet<string>,
  nameOf: (item: Item) => string,
  bodyOf: (item: Item) => string,
  match: "name or text" | "name" | "all in name",
): Item[] {
  const topic = [...new Set(questionTerms)].filter((term) => !generic.has(term));
  if (topic.length === 0) return [];
  const scored = items.map((item) => {
    const name = new Set(searchTerms(nameOf(item)));
    // By name only, the name must hold every word of the topic: "the DevOps one", not "a project".
    if (match === "all in name" && !topic.every((term) => name.has(term))) return { item, score: 0 };
    return { item, score: score(topic, name, new Set(searchTerms(bodyOf(item)))) };
  });
  const top = Math.max(0, ...scored.map((entry) => entry.score));
  if (top === 0 || (match === "name" && top < 3)) return [];
  const best = scored.filter((entry) => entry.score === top).map((entry) => entry.item);
  // A record matched only by its description must be the only one that matches at all.
  if (top < 3 && best.length > 1) return [];
  return best;
}

/**
 * The courses the question names (the best-matching ones; several on a tie), or none. With
 * `byNameOnly` (a question that does not say "course"), only a course whose name holds all the
 * question's topic words counts: "pen test" is not a course question because a course mentions
 * testing, nor "a predictive analytics project" because a course is about project management.
 */
export function coursesNamed(
  courses: readonly CourseSummary[],
  questionTerms: readonly string[],
  byNameOnly = false,
): CourseSummary[] {
  return bestMatches(
    courses,
    questionTerms,
    GENERIC_COURSE_TERMS,
    (course) => course.name,
    (course) => `${course.description} ${course.features.join(" ")}`,
    byNameOnly ? "all in name" : "name or text",
  );
}

/** The jobs the question names, or none. */
export function jobsNamed(careers: readonly Career[], questionTerms: readonly string[]): Career[] {
  return bestMatches(
    careers,
    questionTerms,
    GENERIC_JOB_TERMS,
    (career) => career.title,
    (career) => `${career.department} ${career.description}`,
    // A job's description names other teams' work too: only its title says which job it is.
    "name",
  );
}
