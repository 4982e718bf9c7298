/**
 * The little English the site search needs: words to ignore, a light suffix-stripping stemmer (so
 * "courses" finds "course" and "hiring" finds "hire"), sentences, and plain text from HTML. The
 * same functions read the site's content and the visitors' questions, so both meet on equal terms.
 */
import sanitizeHtml from "sanitize-html";

/** Words that say nothing about what a visitor wants: "what", "do", "you", "the", ... */
const STOP_WORDS = new Set(
  (
    "a about above after again all also am an and any are as at be because been being both but by can " +
    "could did do does doing down during each few for from further get got had has have having he her " +
    "here hers him his how i if in into is it its itself just let me might more most much must my no nor " +
    "not now of off on once only or other our ours out over own please same she should so some such tell " +
    "than that the their theirs them then there these they this those through to too under until up us " +
    "very was we were what when where which while who whom why will with would yes you your yours " +
    "hi hello hey thanks thank know like want need give show find see looking look im ive id dont"
  ).split(" "),
);

/** Lower case, accents and apostrophes gone: "Company's" and "companys" are one word. */
function normalise(word: string): string {
  return word
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’]/g, "");
}

/** A deterministic, deliberately light stemmer: plural, -ing, -ed and a final -e. */
export function stem(word: string): string {
  let term = word;
  if (term.length > 4 && term.endsWith("ies")) term = `${term.slice(0, -3)}y`;
  else if (term.endsWith("sses")) term = term.slice(0, -2);
  else if (term.length > 3 && term.endsWith("s") && !/(ss|us|is)$/.test(term)) term = term.slice(0, -1);
  if (term.length > 5 && term.endsWith("ing")) term = term.slice(0, -3);
  else if (term.length > 4 && term.endsWith("ed")) term = term.slice(0, -2);
  if (term.length > 3 && term.endsWith("e")) term = term.slice(0, -1);
  return term;
}

/** The words of a text that say something: split, normalised, stop words dropped, not stemmed. */
export function contentWords(text: string): string[] {
  return (normalise(text).match(/[a-z0-9]+(?:[+#][a-z0-9+#]*)?/g) ?? []).filter((word) => !STOP_WORDS.has(word));
}

/** The words of a text as the index sees them: split, normalised, stop words dropped, stemmed. */
export function searchTerms(text: string): string[] {
  return contentWords(text).map(stem);
}

/**
 * Words that say what kind of answer is wanted (a cost, a time, a length, "do you offer"), not what
 * it is about.
 * Many pages talk about cost and time, so these count for little: the topic decides which passage
 * answers "how long does a cloud migration take", not "long" and "take".
 */
export const QUESTION_WORDS = new Set(
  searchTerms(
    "cost costs price prices pricing much expensive cheap long time times take takes taking hour hours many quick quickly " +
      "fast soon often usually typical typically duration week weeks day days month months offer offers provide provides work",
  ),
);
/** MiniSearch's per-term hook: null drops a stop word. */
export function processTerm(term: string): string | null {
  const word = normalise(term);
  if (word === "" || STOP_WORDS.has(word)) return null;
  return stem(word);
}

/** A text's sentences, each ending with its own punctuation. */
export function sentences(text: string): string[] {
  // A full stop inside a word ("Node.js", "e.g") does not end a sentence.
  return (text.match(/(?:[^.!?]|[.!?](?![.!?]|\s|$))+(?:[.!?]+(?=\s|$)|$)/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** The readable text of stored HTML, block boundaries kept as line breaks. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|div|h[1-6]|li|tr|blockquote|pre)>|<br\s*\/?>/gi, "$&\n"), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*\n+/g, "\n")
    .trim();
}

/** Joins pieces of copy into prose: each piece ends with a full stop unless it has its own. */
export function joinAsProse(pieces: readonly string[]): string {
  return pieces
    .map((piece) => piece.trim())
    .filter(Boolean)
    .map((piece) => (/[.!?:;]$/.test(piece) ? piece : `${piece}.`))
    .join(" ");
}

/** Whether a question leans on the one before it ("what does it include?", "how much are they?"). */
export function refersBack(question: string): boolean {
  return /\b(it|its|that|this|they|them|those|these|one)\b/i.test(question);
}
