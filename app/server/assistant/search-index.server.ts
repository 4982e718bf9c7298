/**
 * The site search the assistant answers from: a MiniSearch full-text index over the passages of
 * site-documents.server.ts. It is built on first use and kept in the in-memory cache until the
 * CMS changes what the site publishes: it follows the invalidations of the content, courses, careers
 * and public settings caches, which reach every instance. When the database cannot be read, the
 * assistant still answers from the copy that needs none, and the next question tries again.
 *
 * A question is searched in the site's words: short forms expanded and typos of the
 * site's own words corrected (short-forms.server.ts), filler dropped, and the words that only say
 * what kind of answer is wanted (cost, time) weighed below the topic's.
 */
import MiniSearch from "minisearch";
import { ACTIVE_CAREERS_CACHE_KEY } from "../careers/careers.server";
import { ACTIVE_COURSES_CACHE_KEY, getCatalogue } from "../commerce/courses.server";
import { PUBLISHED_CONTENT_CACHE_PREFIX } from "../content/content.server";
import { getPublicSettings, PUBLIC_SETTINGS_CACHE_KEY } from "../content/site-settings.server";
import { cached, invalidateLocally, watchCachedData } from "../platform/cache/cache.server";
import type { Database } from "../platform/db/db.server";
import { logger } from "../platform/logger.server";
import { contentWords, processTerm, QUESTION_WORDS, searchTerms, stem } from "./language.server";
import { FILLER_WORDS, toSiteWords } from "./short-forms.server";
import { collectSiteKnowledge, type Passage, type SiteKnowledge } from "./site-documents.server";

export const SITE_SEARCH_CACHE_KEY = "assistant:site-search";

/** The caches whose data the index is built from: their invalidation makes it stale. */
const SOURCE_CACHE_KEYS = [
  PUBLISHED_CONTENT_CACHE_PREFIX,
  ACTIVE_CAREERS_CACHE_KEY,
  ACTIVE_COURSES_CACHE_KEY,
  PUBLIC_SETTINGS_CACHE_KEY,
];

// Every instance hears every invalidation (cache-invalidation.server.ts), so forgetting the index
// locally is enough; the domains that publish never need to know the assistant exists.
watchCachedData((event, keyOrPrefix) => {
  if (event !== "invalidated" || !keyOrPrefix || keyOrPrefix === SITE_SEARCH_CACHE_KEY) return;
  if (SOURCE_CACHE_KEYS.some((source) => keyOrPrefix.startsWith(source))) invalidateLocally(SITE_SEARCH_CACHE_KEY);
});

export interface SearchHit {
  passage: Passage;
  score: number;
  /**
   * How much of the question the passage contains, 0 to 1: the share of the question's words it
   * matches, each word weighted by how rare it is on the site. "MVP" counts for more than "build".
   */
  coverage: number;
  /** The same share counting only the question's topic words (not "cost", "how long", "take"). */
  topicCoverage: number;
  /** Whether the passage has the question's most telling word (its rarest topic word). */
  hasKeyTerm: boolean;
  /** How many distinct topic words the question had, after short forms and typos. */
  topicTerms: number;
}

export interface SiteSearch {
  knowledge: SiteKnowledge;
  search(question: string, options?: { kinds?: readonly Passage["kind"][]; limit?: number }): SearchHit[];
  /** The question in the site's words: short forms expanded, typos of site words corrected. */
  inSiteWords(question: string): string;
  /** The question's words as the index sees them, in the site's words, fillers left out. */
  termsOf(question: string): string[];
}

/** How much a question word counts next to a topic word. */
const QUESTION_WORD_WEIGHT = 0.25;
/** How much a word counts towards coverage when the passage has only a longer or a near word. */
const PARTIAL_MATCH_CREDIT = 0.5;

function createSiteSearch(knowledge: SiteKnowledge): SiteSearch {
  const index = new MiniSearch<Passage>({
    fields: ["heading", "pageTitle", "text"],
    storeFields: [],
    processTerm,
    searchOptions: {
      boost: { heading: 3, pageTitle: 1.5 },
      // "secur" finds "security"; a typo of a longer word still finds it.
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      combineWith: "OR",
    },
  });
  index.addAll(knowledge.passages);
  const byId = new Map(knowledge.passages.map((passage) => [passage.id, passage]));

  // How many passages hold each word, for the rarity weights of `coverage`; and the site's own
  // words, the dictionary typos are corrected against.
  const passagesWith = new Map<string, number>();
  const vocabulary = new Map<string, number>();
  for (const passage of knowledge.passages) {
    const text = `${passage.heading} ${passage.pageTitle} ${passage.text}`;
    for (const term of new Set(searchTerms(text))) passagesWith.set(term, (passagesWith.get(term) ?? 0) + 1);
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
  }
  const rarity = (term: string) => Math.log((knowledge.passages.length + 1) / ((passagesWith.get(term) ?? 0) + 0.5));
  const weight = (term: string) => rarity(term) * (QUESTION_WORDS.has(term) ? QUESTION_WORD_WEIGHT : 1);

  const inSiteWords = (question: string) => toSiteWords(question, vocabulary);
  const wordsOf = (question: string) => contentWords(inSiteWords(question)).filter((word) => !FILLER_WORDS.has(word));
  const termsOf = (question: string) => [...new Set(wordsOf(question).map(stem))];

  return {
    knowledge,
    inSiteWords,
    termsOf,
    search(question, options = {}) {
      const terms = termsOf(question);
      if (terms.length === 0) return [];
      const totalWeight = terms.reduce((sum, term) => sum + weight(term), 0);
      // The word that says most about what is asked: the rarest that is not a question word.
      const topicTerms = terms.filter((term) => !QUESTION_WORDS.has(term));
      const keyTerm = [...(topicTerms.length > 0 ? topicTerms : terms)].sort(
        (a, b) => rarity(b) - rarity(a) || a.localeCompare(b),
      )[0]!;
      const kinds = options.kinds ? new Set(options.kinds) : null;
      const results = index.search(wordsOf(question).join(" "), {
        filter: kinds ? (result) => kinds.has(byId.get(result.id)!.kind) : undefined,
        boostTerm: (term) => (QUESTION_WORDS.has(term) ? QUESTION_WORD_WEIGHT : 1),
      });
      return results
        .map((result) => {
          const matched = terms.filter((term) => result.queryTerms.includes(term));
          // A word found only as the start of a longer one, or nearly ("founded" in "Foundations"),
          // counts half: it may be another word altogether.
          const credit = (term: string) => (result.terms.includes(term) ? 1 : PARTIAL_MATCH_CREDIT);
          const coverage = matched.reduce((sum, term) => sum + weight(term) * credit(term), 0) / totalWeight;
          const topicMatched = matched.filter((term) => !QUESTION_WORDS.has(term));
          const topicCoverage =
            topicTerms.length === 0
              ? coverage
              : topicMatched.reduce((sum, term) => sum + rarity(term) * credit(term), 0) /
                topicTerms.reduce((sum, term) => sum + rarity(term), 0);
          return {
            passage: byId.get(result.id)!,
            score: result.score,
            coverage,
            topicCoverage,
            hasKeyTerm: matched.includes(keyTerm),
            topicTerms: topicTerms.length,
          };
        })
        .sort(
          (a, b) => b.score * b.coverage ** 2 - a.score * a.coverage ** 2 || a.passage.id.localeCompare(b.passage.id),
        )
        .slice(0, options.limit ?? 5);
    },
  };
}

async function buildSiteSearch(getDb: () => Promise<Database>): Promise<SiteSearch> {
  const started = performance.now();
  const [db, settings, catalogue] = await Promise.all([getDb(), getPublicSettings(getDb), getCatalogue(getDb)]);
  // Unreadable settings come back empty; an index without the contact details must not be kept.
  if (Object.keys(settings).length === 0) throw new Error("the public settings could not be read");
  const search = createSiteSearch(await collectSiteKnowledge(db, settings, catalogue));
  logger.info(
    { passages: search.knowledge.passages.length, ms: Math.round(performance.now() - started) },
    "built the site assistant's search index",
  );
  return search;
}

/** The copy that needs no database (marketing pages, built-in courses), for when it is down. */
let withoutDatabase: Promise<SiteSearch> | undefined;

export async function getSiteSearch(getDb: () => Promise<Database>): Promise<SiteSearch> {
  try {
    return await cached(SITE_SEARCH_CACHE_KEY, () => buildSiteSearch(getDb));
  } catch (error) {
    logger.error({ err: error }, "could not build the site search from the database; answering from the site's copy");
    withoutDatabase ??= getCatalogue(async () => {
      throw new Error("database unavailable");
    }).then(async (catalogue) => createSiteSearch(await collectSiteKnowledge(null, {}, catalogue)));
    return withoutDatabase;
  }
}
