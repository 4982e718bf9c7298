/**
 * Visitors' words for what the site calls something else: text-speak ("u", "ur",
 * "pls"), the short forms of the trade ("k8s", "ML", "pen testing") and typos ("adress").
 *
 * Two small mechanisms, not a thesaurus:
 * - a table of short forms, each kept only because visitors write it and the site never does
 *   (every entry maps to words the site itself uses, so it can only help a page match);
 * - typo correction against the site's own vocabulary: a word the site never uses that is one
 *   edit (two for a long word) away from one it does use is read as that word. The site's own
 *   words are the dictionary, so a correction can never produce a word no page contains.
 */

/**
 * Short forms and their meaning in the site's words. Keys are whole lower-case words (or two-word
 * phrases); values replace them before the question is searched. A value keeps the visitor's word
 * only when the site uses it too: a word no page has would count against every answer.
 */
export const SHORT_FORMS: Readonly<Record<string, string>> = {
  // Text-speak: the words themselves are stop words, so mapping them keeps them out of the way.
  u: "you",
  r: "are",
  ur: "your",
  ya: "you",
  pls: "please",
  plz: "please",
  thx: "thanks",
  hw: "how",
  wat: "what",
  wht: "what",
  whats: "what is",
  wheres: "where is",
  hows: "how is",
  "what's": "what is",
  abt: "about",
  info: "information",
  fone: "phone",
  tel: "phone",
  // The trade's short forms and slang, in the site's words.
  k8s: "kubernetes",
  ml: "machine learning",
  // The trade's initials for kinds of security work, in the words the site uses for them. Not the
  // initials themselves: only a job advert says them, and "do you run a SOC" asks about the service.
  soc: "security operations",
  siem: "security monitoring",
  "pen testing": "penetration testing",
  "pen test": "penetration test",
  "pen tests": "penetration tests",
  pentest: "penetration test",
  pentesting: "penetration testing",
  "chat bot": "conversational assistant",
  "chat bots": "conversational assistants",
  chatbot: "conversational assistant",
  chatbots: "conversational assistants",
  bot: "conversational assistant",
  ocr: "document processing extraction",
  forecast: "predictive forecast",
  forecasting: "predictive forecasting",
  vacancy: "vacancy job",
  cv: "cv resume",
  devsecops: "devops security",
  infosec: "cyber security",
  cybersec: "cyber security",
  js: "javascript",
  dev: "development",
  devs: "developers",
  // Everyday phrases for what the site names in one word.
  "money back": "refund",
  // A company's age is told by when it was founded.
  "in business": "founded",
  established: "founded",
  // A visitor's data is what the privacy statement calls personal data.
  "about me": "personal",
  "my data": "personal data",
  "my information": "personal data",
  "my info": "personal data",
  "my details": "personal details",
  uni: "university graduate",
  grad: "graduate",
  grads: "graduates",
};

/**
 * Words a visitor adds that say nothing about the topic: "stuff", "guys", "any good", "need help
 * with", and "your company" (the company is every page's subject, so it tells no page apart).
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set(
  "stuff things thing guys folks anything something really actually good ok okay kind kinds sort sorts bit lot lots able help company firm".split(
    " ",
  ),
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// Longest first, so "pen testing" is read before "pen".
const SHORT_FORM_PATTERN = new RegExp(
  `(?<![\\w'’])(${Object.keys(SHORT_FORMS)
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map((key) => escapeRegExp(key).replace(/ /g, "\\s+").replace(/'/g, "['’]"))
    .join("|")})(?![\\w'’])`,
  "gi",
);

/** The text with each short form replaced by the site's words for it. */
export function expandShortForms(text: string): string {
  return text.replace(SHORT_FORM_PATTERN, (match) => {
    const key = match.toLowerCase().replace(/\s+/g, " ").replace(/’/g, "'");
    return SHORT_FORMS[key] ?? match;
  });
}

/** Damerau–Levenshtein distance (adjacent swaps count as one edit), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit = 2): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** How many edits a word of this length may be off: none for short words, where a typo is a guess. */
function allowedEdits(word: string): number {
  if (word.length < 5) return 0;
  return word.length >= 8 ? 2 : 1;
}

/**
 * The site's word a visitor's unknown word is a typo of, or undefined. `vocabulary` is the site's
 * words (lower case) with how often each is used; the closest wins, then the commonest, then the
 * first alphabetically, so the answer is always the same.
 */
export function correctTypo(word: string, vocabulary: ReadonlyMap<string, number>): string | undefined {
  if (vocabulary.has(word) || /\d/.test(word)) return undefined;
  const limit = allowedEdits(word);
  if (limit === 0) return undefined;
  let best: { word: string; distance: number; count: number } | undefined;
  for (const [candidate, count] of vocabulary) {
    if (candidate.length < 4 || Math.abs(candidate.length - word.length) > limit) continue;
    // A typo keeps the first letter far more often than not; this also keeps the scan cheap.
    if (candidate[0] !== word[0]) continue;
    const distance = editDistance(word, candidate, limit);
    if (distance > limit) continue;
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && (count > best.count || (count === best.count && candidate < best.word)))
    ) {
      best = { word: candidate, distance, count };
    }
  }
  return best?.word;
}

/** The text with short forms expanded and each typo of a site word corrected. */
export function toSiteWords(text: string, vocabulary: ReadonlyMap<string, number>): string {
  return expandShortForms(text).replace(/[A-Za-z][A-Za-z'’]*/g, (word) => {
    const lower = word.toLowerCase();
    // Filler is dropped later, not corrected into a site word ("stuff" is not "staff").
    if (vocabulary.has(lower) || FILLER_WORDS.has(lower)) return word;
    return correctTypo(lower, vocabulary) ?? word;
  });
}
