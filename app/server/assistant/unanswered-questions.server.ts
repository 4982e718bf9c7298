/**
 * Content gaps: the questions the site assistant could not answer from the site's
 * content, counted so that administrators see what visitors look for and do not find (the CMS
 * Assistant tab). Conversations are never stored; only the question's text is kept, after
 * `scrubQuestion` has taken the personal data out of it, one row per distinct question with how
 * often and when it was asked.
 */
import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { unansweredQuestions } from "../../db/schema";
import { PAGE_SIZE, pageCount, pageWindow } from "~/lib/cms/pagination";
import { auditedChange, type Actor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { logger } from "../platform/logger.server";

/** The longest question kept, in characters (a longer one is cut at a word boundary). */
export const MAX_QUESTION_LENGTH = 300;

/** How many distinct questions the table holds at most; new ones beyond it are not recorded. */
export const MAX_UNANSWERED_QUESTIONS = 1000;

/* ------------------------------------------------------------------------------------------------
 * Taking personal data out of a question
 * ---------------------------------------------------------------------------------------------- */

/** E-mail addresses, with or without a `mailto:` in front. */
const EMAIL = /(?:mailto:)?[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/giu;

/**
 * Web addresses: with a scheme (`https://…`), starting `www.`, or a domain name with a common
 * top-level domain followed by a path (`linkedin.com/in/someone`, `example.co.uk/jobs?id=7`). A
 * bare name is left alone (`larkspire.co.uk`, `Node.js`): it names a thing rather than a page,
 * and "Node.js/React" or "Vue.js/Nuxt" are technologies, not links.
 */
const COMMON_TOP_LEVEL_DOMAINS = [
  ...["com", "org", "net", "info", "biz", "io", "co", "dev", "app", "ai", "me", "xyz", "tv", "ly", "gl", "gg"],
  ...["uk", "ac", "nhs", "gov", "edu", "eu", "ie", "us", "ca", "au", "in", "de", "fr", "nl", "es", "it"],
];
const URL_PATTERN = new RegExp(
  String.raw`\b(?:[a-z][a-z\d+.-]*://|www\.)[^\s<>"]+` +
    String.raw`|\b[a-z\d-]+(?:\.[a-z\d-]+)*\.(?:${COMMON_TOP_LEVEL_DOMAINS.join("|")})/[^\s<>"]*`,
  "giu",
);

/**
 * Full UK postcodes ("SW1A 1AA", "m1 1ae", "EC1A1BB", "GIR 0AA"), in any case. The outward part
 * alone ("SW1A") names a district of thousands of homes, and looks like too many other things
 * (model numbers, motorways), so it is kept. A rare ordinary phrase shaped like a postcode
 * ("a4 2nd") is replaced too: removing too much is the safe mistake.
 */
const POSTCODE = /\b(?:GIR ?0AA|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2})\b/giu;

/**
 * Phone numbers and any other run of five or more digits (card, account, order and national
 * insurance numbers), with spaces, dashes, brackets or a leading + between the digits:
 * "07700 900123", "+44 (0)20 7946 0958", "4242-4242-4242-4242". Shorter numbers ("3 days",
 * "ISO 9001", "£1,299.50") are kept: they are what questions are about.
 */
const DIGIT_RUN = /\+?\(?\p{Nd}(?:[\s()\-–]{0,3}\p{Nd}){4,}/gu;

const PLACEHOLDER = /\[(?:email|link|number|postcode)\]/g;

/** A link's match often swallows the sentence's own punctuation ("…see https://x.example/a?"). */
const TRAILING_PUNCTUATION = /[.,;:!?)\]'"]+$/u;

function replaceLinks(text: string): string {
  return text.replace(URL_PATTERN, (match) => {
    const trailing = TRAILING_PUNCTUATION.exec(match)?.[0] ?? "";
    return `[link]${trailing}`;
  });
}

/**
 * How much of a message is looked at. Only 300 characters are kept, and the patterns' work grows
 * faster than the text, so a longer message is first cut (the chat itself allows 1000 characters).
 */
const MAX_INPUT_LENGTH = 2000;

/**
 * The start of a long message, without its last word, which the cut may have split: half an e-mail
 * address would no longer be recognised as one. A message with no space at all is dropped.
 */
function boundInput(text: string): string {
  if (text.length <= MAX_INPUT_LENGTH) return text;
  const head = text.slice(0, MAX_INPUT_LENGTH + 1);
  const lastSpace = head.search(/\s\S*$/u);
  return lastSpace > 0 ? head.slice(0, lastSpace) : "";
}

/** Cuts a long question at the last word boundary that fits, and marks the cut with "…". */
function capLength(text: string): string {
  if (text.length <= MAX_QUESTION_LENGTH) return text;
  // Room for the ellipsis; the space at `boundary` ends a whole word.
  const boundary = text.lastIndexOf(" ", MAX_QUESTION_LENGTH - 1);
  let kept = boundary > 0 ? text.slice(0, boundary) : text.slice(0, MAX_QUESTION_LENGTH - 1);
  // One "word" longer than the limit can only be cut inside; never leave half a surrogate pair.
  if (boundary <= 0 && /[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept.replace(/[\s,;:–—-]+$/u, "")}…`;
}

/**
 * A visitor's question with the personal data taken out, ready to be stored, or null when nothing
 * worth keeping remains (an empty message, or only placeholders, punctuation and symbols).
 *
 * E-mail addresses become "[email]", web addresses "[link]", full UK postcodes "[postcode]", and
 * phone numbers and any run of five or more digits "[number]". The text is first normalised
 * (NFKC, so full-width digits and "＠" are caught too), invisible format characters are removed,
 * whitespace is collapsed, and the result is cut to 300 characters at a word boundary. The
 * visitor's casing is kept, for the admin to read; grouping ignores it (see
 * `recordUnansweredQuestion`). Names and other free-text details cannot be recognised reliably and
 * are not removed.
 */
export function scrubQuestion(text: string): string | null {
  const normalised = boundInput(text)
    .normalize("NFKC")
    // Zero-width characters, soft hyphens and direction marks: invisible, and would split matches.
    .replace(/\p{Cf}/gu, "")
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim();
  const scrubbed = replaceLinks(normalised.replace(EMAIL, "[email]"))
    .replace(POSTCODE, "[postcode]")
    .replace(DIGIT_RUN, "[number]")
    .replace(/\s+/g, " ")
    .trim();
  const meaningful = /[\p{L}\p{N}]/u.test(scrubbed.replace(PLACEHOLDER, ""));
  return meaningful ? capLength(scrubbed) : null;
}

/* ------------------------------------------------------------------------------------------------
 * Counting
 * ---------------------------------------------------------------------------------------------- */

/**
 * What happened to a question: a new row was "added", an existing one "counted" again; the list
 * was "full" (a new question was not stored); it was "empty" after scrubbing; or the database
 * "failed" (logged, never thrown).
 */
export type RecordOutcome = "added" | "counted" | "full" | "empty" | "failed";

const askedAgain = {
  timesAsked: sql`${unansweredQuestions.timesAsked} + 1`,
  lastAskedAt: sql`now()`,
};

/**
 * Counts a question the assistant could not answer: pass the visitor's question as they typed it;
 * it is scrubbed here (`scrubQuestion`) before anything is stored.
 *
 * Questions are grouped without regard to case: "What is SOC 2?" and "what is soc 2?" are one row,
 * which keeps the casing of the first visitor who asked (so the admin reads a natural question, not
 * a lower-cased one). The row is found by `lower(question)`; the table holds at most 1000 rows, so
 * that scan costs nothing. Then a new question is inserted with INSERT ... ON CONFLICT on the
 * unique `question`, so any number of simultaneous askers of the same text make one row with the
 * right count. Two things can only happen when requests race in the same instant, and both are
 * harmless: two spellings differing only in case, both asked for the first time at once, may make
 * two rows; and the 1000-row bound may be passed by the number of new questions inserted at once.
 *
 * At 1000 rows a new question is not stored (logged at info, without its text); questions already
 * listed are still counted. The list shrinks when an administrator dismisses questions.
 *
 * It never throws: a database failure is logged (at warn, without the question) and answered
 * "failed", because a count that cannot be written must not break the visitor's chat reply.
 */
export async function recordUnansweredQuestion(db: Database, question: string): Promise<RecordOutcome> {
  let scrubbed: string | null;
  try {
    scrubbed = scrubQuestion(question);
  } catch (error) {
    logger.warn({ err: error }, "could not scrub an unanswered question");
    return "failed";
  }
  if (scrubbed === null) return "empty";
  try {
    const sameQuestion = db
      .select({ id: unansweredQuestions.id })
      .from(unansweredQuestions)
      .where(sql`lower(${unansweredQuestions.question}) = lower(${scrubbed})`)
      .orderBy(asc(unansweredQuestions.firstAskedAt), asc(unansweredQuestions.id))
      .limit(1);
    const counted = await db
      .update(unansweredQuestions)
      .set(askedAgain)
      .where(inArray(unansweredQuestions.id, sameQuestion))
      .returning({ id: unansweredQuestions.id });
    if (counted.length > 0) return "counted";

    const [stored] = await db.select({ total: count() }).from(unansweredQuestions);
    if ((stored?.total ?? 0) >= MAX_UNANSWERED_QUESTIONS) {
      logger.info(
        { limit: MAX_UNANSWERED_QUESTIONS },
        "an unanswered question was not recorded: the list is full until an administrator dismisses some",
      );
      return "full";
    }
    const [row] = await db
      .insert(unansweredQuestions)
      .values({ question: scrubbed })
      .onConflictDoUpdate({ target: unansweredQuestions.question, set: askedAgain })
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    return row?.inserted ? "added" : "counted";
  } catch (error) {
    logger.warn({ err: error }, "could not record an unanswered question");
    return "failed";
  }
}

/* ------------------------------------------------------------------------------------------------
 * The admin's list
 * ---------------------------------------------------------------------------------------------- */

export type UnansweredQuestion = typeof unansweredQuestions.$inferSelect;

export interface UnansweredQuestionPage {
  questions: UnansweredQuestion[];
  /** How many questions there are in all. */
  total: number;
  /** The page shown: the one asked for, or the last one when it asked beyond the end. */
  page: number;
}

/**
 * One page of the list, the most asked first (the biggest gaps), then the most recently asked.
 * A page beyond the end (after dismissals emptied it) shows the last page instead.
 */
export async function listUnansweredQuestions(
  db: Database,
  { page = 1, pageSize = PAGE_SIZE }: { page?: number; pageSize?: number } = {},
): Promise<UnansweredQuestionPage> {
  const [counted] = await db.select({ total: count() }).from(unansweredQuestions);
  const total = counted?.total ?? 0;
  const shown = Math.min(Math.max(1, page), pageCount(total, pageSize));
  const { limit, offset } = pageWindow(shown, pageSize);
  const questions = await db
    .select()
    .from(unansweredQuestions)
    .orderBy(desc(unansweredQuestions.timesAsked), desc(unansweredQuestions.lastAskedAt), asc(unansweredQuestions.id))
    .limit(limit)
    .offset(offset);
  return { questions, total, page: shown };
}

/**
 * An administrator removes one question (they have dealt with it), with its audit entry
 * (unanswered_question.dismiss, the question and its count); returns it, or undefined when it was
 * not there.
 */
export async function dismissUnansweredQuestion(
  db: Database,
  actor: Actor,
  id: string,
): Promise<UnansweredQuestion | undefined> {
  return auditedChange(
    db,
    actor,
    async (tx) => (await tx.delete(unansweredQuestions).where(eq(unansweredQuestions.id, id)).returning())[0],
    (row) =>
      row
        ? {
            action: "unanswered_question.dismiss",
            entity: "unanswered_questions",
            entityId: row.id,
            details: { question: row.question, timesAsked: row.timesAsked },
          }
        : null,
  );
}

/** Removes every question, audited with how many (nothing is recorded when there were none); returns the count. */
export async function dismissAllUnansweredQuestions(db: Database, actor: Actor): Promise<number> {
  return auditedChange(
    db,
    actor,
    async (tx) => (await tx.delete(unansweredQuestions).returning({ id: unansweredQuestions.id })).length,
    (dismissed) =>
      dismissed > 0
        ? {
            action: "unanswered_question.dismiss_all",
            entity: "unanswered_questions",
            entityId: null,
            details: { count: dismissed },
          }
        : null,
  );
}
