/**
 * The site search the assistant answers from: a MiniSearch full-text index over the passages of
 * site-documents.server.ts. It is built on first use and kept in the in-memory cache until the
 * CMS changes what the site publishes: it follows the invalidations of the content, courses, careers
 * and public settings caches, which reach every instance. When the database cannot be read, the
 * assistant still answers from the copy that needs none, and the next question tries again.
 */
import MiniSearch from "minisearch";
import { ACTIVE_CAREERS_CACHE_KEY } from "../careers/careers.server";
import { ACTIVE_COURSES_CACHE_KEY, getCatalogue } from "../commerce/courses.server";
import { PUBLISHED_CONTENT_CACHE_PREFIX } from "../content/content.server";
import { getPublicSettings, PUBLIC_SETTINGS_CACHE_KEY } from "../content/site-settings.server";
import { cached, invalidateLocally, watchCachedData } from "../platform/cache/cache.server";
import type { Database } from "../platform/db/db.server";
import { logger } from "../platform/logger.server";
import { processTerm, searchTerms } from "./language.server";
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
}

export interface SiteSearch {
  knowledge: SiteKnowledge;
  search(question: string, options?: { kinds?: readonly Passage["kind"][]; limit?: number }): SearchHit[];
}

/**
 * Words a visitor uses for what the site calls something else. Added to the question, not
 * replacing its words, so a page that does use the visitor's word still matches best.
 */
const SYNONYMS: Record<string, string> = {
  chatbot: "assistant conversational",
  bot: "assistant conversational",
  pentest: "penetration test",
  ocr: "document processing extraction",
  forecast: "predictive",
  app: "application",
  vacancy: "job",
  cv: "resume",
};

/** A question's word with the words it stands for on the site. */
function withSynonyms(term: string): string[] {
  return [term, ...searchTerms(SYNONYMS[term] ?? "")];
}

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

  // How many passages hold each word, for the rarity weights of `coverage`.
  const passagesWith = new Map<string, number>();
  for (const passage of knowledge.passages) {
    for (const term of new Set(searchTerms(`${passage.heading} ${passage.pageTitle} ${passage.text}`))) {
      passagesWith.set(term, (passagesWith.get(term) ?? 0) + 1);
    }
  }
  const rarity = (term: string) => Math.log((knowledge.passages.length + 1) / ((passagesWith.get(term) ?? 0) + 0.5));

  return {
    knowledge,
    search(question, options = {}) {
      const terms = [...new Set(searchTerms(question))];
      if (terms.length === 0) return [];
      const totalWeight = terms.reduce((sum, term) => sum + rarity(term), 0);
      const kinds = options.kinds ? new Set(options.kinds) : null;
      const expansions = terms.map((term) => ({ term, words: withSynonyms(term) }));
      const results = index.search(expansions.flatMap(({ words }) => words).join(" "), {
        filter: kinds ? (result) => kinds.has(byId.get(result.id)!.kind) : undefined,
      });
      return results
        .map((result) => {
          // A synonym's match counts for the visitor's word it stands in for.
          const matched = expansions.filter(({ words }) => words.some((word) => result.queryTerms.includes(word)));
          const coverage = matched.reduce((sum, { term }) => sum + rarity(term), 0) / totalWeight;
          return { passage: byId.get(result.id)!, score: result.score, coverage };
        })
        .sort((a, b) => b.score * b.coverage ** 2 - a.score * a.coverage ** 2)
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
