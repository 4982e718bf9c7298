/**
 * What a NEW password must be (issue 16; docs/decisions/013-passwords-and-sign-in-limits.md): at
 * least NEW_PASSWORD_MIN_LENGTH characters (the shared schema checks that, with any characters up
 * to PASSWORD_MAX_LENGTH), not on zxcvbn's list of common and breached passwords, and not easy to
 * guess by its estimate (a score of at least 3 of 4: words, keyboard runs, repeats, sequences,
 * dates and the user's own e-mail all count against it).
 *
 * Server-side only: zxcvbn's dictionaries (about 50,000 passwords) never reach the browser. They are
 * loaded on the first password set, not at start-up, and kept afterwards.
 */
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
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

/** Why this password may not be set, or null if it may. `userInputs`: the e-mail and the like. */
export async function newPasswordProblem(password: string, userInputs: string[] = []): Promise<string | null> {
  const { zxcvbn, commonPasswords } = await loadChecker();
  if (commonPasswords.has(password.toLowerCase())) return COMMON_PASSWORD;
  return zxcvbn.check(password, userInputs).score < MIN_SCORE ? GUESSABLE_PASSWORD : null;
}

/** Throws the reason as an ExpectedError on `field`, the form's password input. */
export async function assertAcceptablePassword(
  password: string,
  { field, userInputs = [] }: { field: string; userInputs?: string[] },
): Promise<void> {
  const problem = await newPasswordProblem(password, userInputs);
  if (problem) throw new ExpectedError(problem, { field });
}
