/**
 * What a NEW password must be (docs/decisions/013-passwords-and-sign-in-limits.md): at
 * least NEW_PASSWORD_MIN_LENGTH characters (the shared schema checks that, with any characters up
 * to PASSWORD_MAX_LENGTH), not on zxcvbn's list of common and breached passwords, and not easy to
 * guess by its estimate (a score of at least 3 of 4: words, keyboard runs, repeats, sequences,
 * dates, the user's own e-mail and the words of this site, such as the company's name, all count
 * against it; what is left with those words taken out must be hard to guess too).
 *
 * Server-side only: zxcvbn's dictionaries (about 50,000 passwords) never reach the browser. They are
 * loaded on the first password set, not at start-up, and kept afterwards.
 */
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { SETTING_KEYS } from "../../lib/site/site-setting-keys";
import { getPublicSettings } from "../content/site-settings.server";
import { getDbIfOpen } from "../platform/db/open-database.server";
import { getEnv } from "../platform/env.server";
import { ExpectedError } from "../platform/errors.server";

export const COMMON_PASSWORD = "This password is on a list of common or breached passwords. Please choose another one.";
export const GUESSABLE_PASSWORD =
  "This password is too easy to guess. Please choose a longer one, such as a few unrelated words.";

/** zxcvbn's scale: 3 is "safely unguessable: moderate protection from an offline slow-hash attack". */
const MIN_SCORE = 3;

interface Checker {
  zxcvbn: ZxcvbnFactory;
  /** The list of common and breached passwords, lower-cased, for an exact look-up. */
  commonPasswords: Set<string>;
}

let checker: Promise<Checker> | undefined;

function loadChecker(): Promise<Checker> {
  checker ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(([core, common]) => ({
    zxcvbn: new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
    commonPasswords: new Set(common.dictionary["passwords-common"].map((entry) => entry.toLowerCase())),
  }));
  return checker;
}

/** Shorter pieces (an e-mail's "co" or "uk") would count ordinary letter pairs as guessable words. */
const MIN_WORD_LENGTH = 3;

/**
 * What zxcvbn's user-input dictionary should hold for a phrase. It matches whole entries only, so
 * "Larkspire Digital" goes in as given, without its spaces and word by word, and an e-mail address
 * also with its local part and its domain as typed (its words are the local part's and the
 * domain's labels).
 */
function dictionaryEntries(phrase: string): string[] {
  const whole = phrase.trim().toLowerCase();
  const words = whole.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const at = whole.lastIndexOf("@");
  const halves = at > 0 ? [whole.slice(0, at), whole.slice(at + 1)] : [];
  return [whole, words.join(""), ...halves, ...words];
}

/**
 * The company's name as the settings say now (an administrator may change it), read through the
 * settings' cache. Only from a database the server has opened: a command-line tool that checks a
 * password before opening its own goes without it.
 */
async function companyName(): Promise<string> {
  try {
    const db = await getDbIfOpen();
    if (!db) return "";
    return (await getPublicSettings(async () => db))[SETTING_KEYS.companyName] ?? "";
  } catch {
    return "";
  }
}

/** The person's own words (`userInputs`) with this site's: the company's name, the site's host name and "cms". */
async function contextWords(userInputs: readonly string[]): Promise<string[]> {
  const phrases = [...userInputs, await companyName(), new URL(getEnv().publicUrl).hostname, "cms"];
  const entries = phrases.flatMap(dictionaryEntries).filter((entry) => entry.length >= MIN_WORD_LENGTH);
  // Longest first, so that a whole name is taken out before the words it is made of.
  return [...new Set(entries)].sort((a, b) => b.length - a.length);
}

/**
 * The password with every context word taken out (in any case). zxcvbn counts any three pieces as
 * fairly strong ("digital larkspire 2026" scores 4), but words an attacker tries first add almost
 * nothing: what is left must be hard to guess on its own.
 */
function withoutWords(password: string, words: readonly string[]): string {
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return password.replace(new RegExp(escaped.join("|"), "giu"), "");
}

/** Why this password may not be set, or null if it may. `userInputs`: the e-mail and the like. */
export async function newPasswordProblem(password: string, userInputs: string[] = []): Promise<string | null> {
  const [{ zxcvbn, commonPasswords }, words] = await Promise.all([loadChecker(), contextWords(userInputs)]);
  if (commonPasswords.has(password.toLowerCase())) return COMMON_PASSWORD;
  if (zxcvbn.check(password, words).score < MIN_SCORE) return GUESSABLE_PASSWORD;
  const rest = withoutWords(password, words);
  return rest !== password && zxcvbn.check(rest, words).score < MIN_SCORE ? GUESSABLE_PASSWORD : null;
}

/** Throws the reason as an ExpectedError on `field`, the form's password input. */
export async function assertAcceptablePassword(
  password: string,
  { field, userInputs = [] }: { field: string; userInputs?: string[] },
): Promise<void> {
  const problem = await newPasswordProblem(password, userInputs);
  if (problem) throw new ExpectedError(problem, { field });
}
