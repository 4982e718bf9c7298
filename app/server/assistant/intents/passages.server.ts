/**
 * The answer for everything the records do not cover: the best passage of the
 * site, quoted in its own sentences (two at most) and cited, with its list when it introduces one
 * ("What We Offer": the services, each linked to its page). Answers only when the passage is sure
 * (`isConfident`); a follow-up that finds nothing on its own borrows the question before it.
 */
import { ALL_SERVICES_LINK, SERVICE_MENU_LINKS } from "../../../lib/site/site-links";
import { QUESTION_WORDS, refersBack, searchTerms, sentences } from "../language.server";
import type { SearchHit, SiteSearch } from "../search-index.server";
import type { Passage } from "../site-documents.server";
import type { AssistantAnswer } from "./answer.server";

/**
 * A hit this good is an answer: with one or two topic words, all of them are in the passage; with
 * more, the rarer half of the question is, including its most telling word unless nearly all of
 * the question is there. "Weather in London today" is not answered by a page about London today.
 */
export function isConfident(hit: SearchHit | undefined): hit is SearchHit {
  if (!hit) return false;
  if (hit.topicTerms <= 2) return hit.topicCoverage > 0.999;
  return hit.coverage >= 0.5 && (hit.hasKeyTerm || hit.coverage >= 0.75);
}

/** Asks for a list: "what services do you offer", "which AI solutions", "what kinds of...". */
const LIST_QUESTION =
  /\b(what|which)\b.*\b(services|solutions|offer|provide|do you do|types?|kinds?|sorts?|areas|industries|sectors|products|use cases|options|steps)\b|\b(list|all)\b/i;

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

/** A list's items, each linked to its page (named as that page is) when it has one. */
function itemLines(search: SiteSearch, items: NonNullable<Passage["items"]>): string {
  const titleOf = (url: string) => search.knowledge.passages.find((passage) => passage.url === url)?.pageTitle;
  return items
    .map(({ title, url }) => {
      if (!url) return `- ${title}`;
      const pageTitle = titleOf(url);
      return pageTitle && pageTitle !== title ? `- ${title}: [${pageTitle}](${url})` : `- [${title}](${url})`;
    })
    .join("\n");
}

const [SERVICES_TERM] = searchTerms("services");

/**
 * "What services do you offer" asks for the whole range. The Services page lists its practices,
 * and the Services menu of every page names the areas beside them (AI among them): a question
 * about services answered with that page's list gets the menu's areas too.
 */
function serviceMenuAreas(list: Passage | undefined, topic: readonly string[]): string {
  if (list?.url !== ALL_SERVICES_LINK.href || !topic.includes(SERVICES_TERM!)) return "";
  const areas = SERVICE_MENU_LINKS.filter((link) => link !== ALL_SERVICES_LINK);
  return `\n\nOur Services menu also leads to:\n${areas
    .map(({ title, href, description }) => `- [${title}](${href})${description ? `: ${description}` : ""}`)
    .join("\n")}`;
}

/** The passage that holds the list a page introduces: this one, or the first with a list on its page. */
function listFor(search: SiteSearch, passage: Passage): Passage | undefined {
  if (passage.items && passage.items.length > 0) return passage;
  return search.knowledge.passages.find((other) => other.url === passage.url && other.items && other.items.length > 0);
}

/**
 * Records (a course, a job) answer a question that does not ask about training or jobs only when
 * no page answers it as well: "SOC" in a job's requirements is not what "do you do SOC" asks.
 */
function rankedHits(hits: readonly SearchHit[], aboutRecords: boolean): SearchHit[] {
  if (aboutRecords) return [...hits];
  const rank = (hit: SearchHit) =>
    hit.score * hit.coverage ** 2 * (hit.passage.kind === "course" || hit.passage.kind === "job" ? 0.5 : 1);
  return [...hits].sort((a, b) => rank(b) - rank(a));
}

function answerFromPassages(search: SiteSearch, question: string, aboutRecords: boolean): AssistantAnswer | null {
  const listQuestion = LIST_QUESTION.test(question);
  // A list question looks further down: the list may rank below passages that say the word more.
  const hits = rankedHits(search.search(question, { limit: listQuestion ? 500 : 8 }), aboutRecords);
  const confident = hits.filter((hit) => isConfident(hit));
  // "What services do you offer" is best answered by a passage that lists them, under a heading
  // (or on a page) named for what is asked: "Our Services", not a case study's list of results.
  // The closest name wins: each word of the question in it counts for it, each other topic word
  // against it ("Our Services" over "Our Security Services" for "what services do you offer").
  const topic = search.termsOf(question);
  const nameScore = (hit: SearchHit) => {
    const words = new Set(searchTerms(`${hit.passage.heading} ${hit.passage.pageTitle}`));
    const asked = [...words].filter((term) => topic.includes(term)).length;
    const other = [...words].filter((term) => !topic.includes(term) && !QUESTION_WORDS.has(term)).length;
    return asked === 0 ? Number.NEGATIVE_INFINITY : asked - other / 2;
  };
  const lists = listQuestion ? confident.filter((hit) => hit.passage.items?.length) : [];
  const named = lists.filter((hit) => nameScore(hit) > Number.NEGATIVE_INFINITY);
  // On a tie, the list that links to more pages: it leads on to what each item is.
  const linked = (hit: SearchHit) => hit.passage.items?.filter((item) => item.url).length ?? 0;
  const closest = named.reduce<SearchHit | undefined>(
    (chosen, hit) =>
      !chosen ||
      nameScore(hit) > nameScore(chosen) ||
      (nameScore(hit) === nameScore(chosen) && linked(hit) > linked(chosen))
        ? hit
        : chosen,
    undefined,
  );
  const best = closest ?? lists[0] ?? confident[0];
  if (!best) return null;
  const seeAlso = confident.find((hit) => hit.passage.url !== best.passage.url && hit.score >= best.score * 0.6);
  const link = (hit: SearchHit) => `[${hit.passage.pageTitle}](${hit.passage.url})`;
  const { heading, pageTitle, text } = best.passage;
  // A short passage that introduces its own list is answered with the list; a list question also
  // with the list of the passage's page. Another section's list never answers anything else.
  const list = listQuestion
    ? listFor(search, best.passage)
    : sentences(text).length <= 2 && best.passage.items?.length
      ? best.passage
      : undefined;
  const quotedSentences = bestSentences(text, search.inSiteWords(question));
  // The heading is quoted too when it says what the sentences leave out: an FAQ's question, or
  // the section's name when it holds a word of the question ("MVP and Full-Stack Engineering").
  const missing = search.termsOf(question).filter((term) => !searchTerms(quotedSentences).includes(term));
  const headingSays =
    heading !== pageTitle &&
    (heading.trim().endsWith("?") || searchTerms(heading).some((term) => missing.includes(term)));
  const label = headingSays ? `**${heading.trim()}** ` : "";
  // A list is introduced by its own section's first sentence, or its heading when it has none.
  const quoted = list?.items
    ? `${sentences(list.text)[0] ?? `${list.heading}:`}\n${itemLines(search, list.items)}${serviceMenuAreas(list, topic)}`
    : `${label}${quotedSentences}`;
  return {
    text: `${quoted}\n\nRead more: ${link(best)}` + (seeAlso ? `, and see also ${link(seeAlso)}.` : "."),
    answered: true,
  };
}

/**
 * The best passage's answer to the question, or null. `previousQuestion` lets a short follow-up
 * ("how long is it?") borrow the words of the question before it.
 */
export function answerFromSitePassages(
  search: SiteSearch,
  question: string,
  previousQuestion: string | undefined,
  aboutRecords = false,
): AssistantAnswer | null {
  const withContext = previousQuestion ? `${previousQuestion} ${question}` : undefined;
  const attempts =
    withContext && refersBack(question) ? [withContext, question] : [question, ...(withContext ? [withContext] : [])];
  for (const attempt of attempts) {
    const answer = answerFromPassages(search, attempt, aboutRecords);
    if (answer) return answer;
  }
  return null;
}
