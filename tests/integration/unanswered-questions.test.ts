/**
 * Content gaps: the questions the site assistant could not answer
 * (app/server/assistant/unanswered-questions.server.ts) and the CMS Assistant tab that lists them
 * (app/routes/cms/assistant.tsx), on a real migrated database: personal data scrubbed before
 * anything is stored, one row per question whatever its case or spacing, counts that stay right
 * under 50 simultaneous askers, the 1000-row bound, a database failure that never reaches the chat,
 * the admin's list (most asked first, paged), dismissing one or all with the audit log and toasts,
 * and who may do it.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, unansweredQuestions } from "../../app/db/schema";
import {
  dismissAllUnansweredQuestions,
  dismissUnansweredQuestion,
  listUnansweredQuestions,
  MAX_QUESTION_LENGTH,
  MAX_UNANSWERED_QUESTIONS,
  recordUnansweredQuestion,
  scrubQuestion,
} from "~/server/assistant/unanswered-questions.server";
import { logger } from "~/server/platform/logger.server";
import {
  postForm,
  routeArgs,
  routeWithBrokenDatabase,
  toastOf,
  withBrokenDatabaseHooks,
} from "./broken-database-routes";
import { setUpCmsHarness, type Role } from "./cms-harness";
import { createTestDatabase } from "./database";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const URL_PATH = "http://localhost/cms/assistant";
const UNKNOWN_ID = "00000000-0000-4000-8000-0000000000ff";

// The toasts' signed cookie needs a secret, which is generated in DATA_DIR.
const cms = setUpCmsHarness({ name: "unanswered-questions" });
/** The administrator who dismisses questions (each dismissal is audited under their name). */
let actor: { id: string; email: string };
beforeAll(() => {
  actor = { id: cms.userId("admin"), email: "admin@example.com" };
});

beforeEach(async () => {
  await cms.db.delete(unansweredQuestions);
  await cms.db.delete(auditLog);
});

async function storedQuestions() {
  return cms.db.select().from(unansweredQuestions);
}

/** Stores questions as they would be after asking, with chosen counts and times. */
async function storeQuestions(rows: { question: string; timesAsked?: number; lastAskedAt?: Date }[]) {
  return cms.db
    .insert(unansweredQuestions)
    .values(rows.map((row) => ({ ...row, firstAskedAt: row.lastAskedAt })))
    .returning();
}

const at = (day: number, hour = 9) => new Date(Date.UTC(2025, 2, day, hour, 30));

/* ------------------------------------------------------------------------------------------------
 * Scrubbing
 * ---------------------------------------------------------------------------------------------- */

describe("scrubQuestion", () => {
  it.each([
    // E-mail addresses
    ["Can you e-mail me at jane.doe+quotes@example.co.uk?", "Can you e-mail me at [email]?"],
    ["mailto:JOHN_SMITH@Example.com about pricing", "[email] about pricing"],
    ["Is ops@sub.example.org monitored, or bob@example.io?", "Is [email] monitored, or [email]?"],
    // Phone numbers
    ["Please call 07700 900123 tomorrow", "Please call [number] tomorrow"],
    ["My number is +44 7700 900123.", "My number is [number]."],
    ["Ring +44 (0)20 7946 0958 or (020) 7946-0958", "Ring [number] or [number]"],
    ["Text me on +447700900123!", "Text me on [number]!"],
    // Any run of five or more digits, with or without separators
    ["Where is order 1234567?", "Where is order [number]?"],
    ["Card 4242 4242 4242 4242 was declined", "Card [number] was declined"],
    ["Reference ab12345cd please", "Reference ab[number]cd please"],
    ["National insurance QQ 12 34 56 C", "National insurance QQ [number] C"],
    ["Full-width ０７７００ ９００１２３ too", "Full-width [number] too"],
    // Short numbers are what questions are about, and stay
    ["Is ISO 9001 covered in 3 days for £1,299.50?", "Is ISO 9001 covered in 3 days for £1,299.50?"],
    ["Do you support Windows 11 and 2024 releases?", "Do you support Windows 11 and 2024 releases?"],
    // Links
    ["See https://example.com/profile?id=42 first", "See [link] first"],
    ["Is http://intranet.local:8080/a/b safe?", "Is [link] safe?"],
    ["Look at www.example.org/jobs, thanks.", "Look at [link], thanks."],
    ["My profile: linkedin.com/in/jane-doe", "My profile: [link]"],
    ["(see https://example.com/a)", "(see [link])"],
    // Names of technologies and bare domains are not links
    ["Do you do Node.js/React and Vue.js?", "Do you do Node.js/React and Vue.js?"],
    ["Is larkspire.co.uk your only site?", "Is larkspire.co.uk your only site?"],
    // UK postcodes, in any case and spacing
    ["I live at SW1A 1AA, is there an office near?", "I live at [postcode], is there an office near?"],
    ["Delivery to m1 1ae or EC1A1BB?", "Delivery to [postcode] or [postcode]?"],
    ["Near B33 8TH and CR2 6XH and GIR 0AA", "Near [postcode] and [postcode] and [postcode]"],
    // The district alone is not a postcode
    ["Any office in SW1A or M1?", "Any office in SW1A or M1?"],
    // Whitespace and invisible characters
    ["  What   is\n\tyour\u00a0pricing?  ", "What is your pricing?"],
    ["Zero\u200bwidth\u00adsplit\u202e text", "Zerowidthsplit text"],
    // Several kinds at once
    [
      "I'm jane@example.com, 07700 900123, SW1A 1AA, https://jane.example/cv: do you hire?",
      "I'm [email], [number], [postcode], [link]: do you hire?",
    ],
    // The visitor's casing is kept
    ["What Is SOC 2 Type II?", "What Is SOC 2 Type II?"],
  ])("%j becomes %j", (input, expected) => {
    expect(scrubQuestion(input)).toBe(expected);
  });

  it.each([
    ["an empty message", ""],
    ["only whitespace", " \n\t\u00a0 "],
    ["only punctuation", "?!... --"],
    ["only symbols", "👍🙏"],
    ["only an e-mail address", "jane@example.com"],
    ["only a phone number", "+44 7700 900123"],
    ["only placeholders and punctuation", "jane@example.com, 07700900123, SW1A 1AA; https://x.example/a ?!"],
    ["placeholders typed by the visitor", "[email] [link]"],
  ])("gives null for %s", (_label, input) => {
    expect(scrubQuestion(input)).toBeNull();
  });

  it("cuts a long question at a word boundary, marked with an ellipsis", () => {
    const long = `${"Which cloud certifications ".repeat(20)}do you offer?`;
    const scrubbed = scrubQuestion(long)!;
    expect(scrubbed.length).toBeLessThanOrEqual(MAX_QUESTION_LENGTH);
    expect(scrubbed.length).toBeGreaterThan(MAX_QUESTION_LENGTH - 20);
    expect(scrubbed.endsWith("…")).toBe(true);
    // Every word kept is whole: the text before the ellipsis is the start of the original words.
    const kept = scrubbed.slice(0, -1);
    expect(long.startsWith(kept)).toBe(true);
    expect([" ", undefined]).toContain(long[kept.length]);
    expect(kept).not.toMatch(/\s$/);
  });

  it("cuts after scrubbing, so a placeholder is never cut in half", () => {
    const scrubbed = scrubQuestion(`${"word ".repeat(55)}call jane@example.com ${"more ".repeat(10)}`)!;
    expect(scrubbed.length).toBeLessThanOrEqual(MAX_QUESTION_LENGTH);
    expect(scrubbed).not.toContain("@");
    expect(scrubbed).toMatch(/\[email\] (more )+more…$/);
  });

  it("looks only at the start of a very long message, never keeping half of an address cut there", () => {
    // 1990 characters of link, then an e-mail address across the 2000th character.
    const long = `https://example.com/${"a".repeat(1970)} jane.doe@example.com please ${"x ".repeat(5000)}`;
    expect(scrubQuestion(long)).toBeNull();
    const question = `What is ${"cloud ".repeat(400)}jane.doe@example.com?`;
    const scrubbed = scrubQuestion(question)!;
    expect(scrubbed).toMatch(/^What is (cloud )+cloud…$/);
    // One long "word" without a space is not a question.
    expect(scrubQuestion("y".repeat(5000))).toBeNull();
    // And it stays quick: the patterns see at most 2000 characters.
    const started = performance.now();
    scrubQuestion("a.b%".repeat(25_000));
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("keeps a question of exactly 300 characters whole, and cuts one word longer than the limit", () => {
    const exact = `${"a".repeat(MAX_QUESTION_LENGTH - 2)} b`;
    expect(scrubQuestion(exact)).toBe(exact);
    const oneWord = "x".repeat(MAX_QUESTION_LENGTH + 50);
    expect(scrubQuestion(oneWord)).toBe(`${"x".repeat(MAX_QUESTION_LENGTH - 1)}…`);
  });
});

/* ------------------------------------------------------------------------------------------------
 * Counting
 * ---------------------------------------------------------------------------------------------- */

describe("recordUnansweredQuestion", () => {
  it("stores only the scrubbed text, never the personal data", async () => {
    await expect(
      recordUnansweredQuestion(cms.db, "Can someone at jane@example.com call 07700 900123 about SW1A 1AA?"),
    ).resolves.toBe("added");
    const rows = await storedQuestions();
    expect(rows).toMatchObject([{ question: "Can someone at [email] call [number] about [postcode]?", timesAsked: 1 }]);
    expect(JSON.stringify(rows)).not.toMatch(/jane|07700|SW1A/);
  });

  it("counts the same question asked with other case and spacing in one row, kept as first asked", async () => {
    await expect(recordUnansweredQuestion(cms.db, "Do you offer SOC 2 audits?")).resolves.toBe("added");
    const [first] = await storedQuestions();
    await expect(recordUnansweredQuestion(cms.db, "  do YOU offer   soc 2\naudits? ")).resolves.toBe("counted");
    const rows = await storedQuestions();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first!.id, question: "Do you offer SOC 2 audits?", timesAsked: 2 });
    expect(rows[0]!.firstAskedAt).toEqual(first!.firstAskedAt);
    expect(rows[0]!.lastAskedAt.getTime()).toBeGreaterThanOrEqual(first!.lastAskedAt.getTime());
  });

  it("groups questions whose personal data differed: the scrubbed texts are the same", async () => {
    await recordUnansweredQuestion(cms.db, "Please e-mail me at ann@example.com");
    await recordUnansweredQuestion(cms.db, "please e-mail me at BOB@example.org");
    expect(await storedQuestions()).toMatchObject([{ question: "Please e-mail me at [email]", timesAsked: 2 }]);
  });

  it("moves last_asked_at on when a question is asked again, and leaves first_asked_at", async () => {
    const [stored] = await storeQuestions([{ question: "Do you work in Leeds?", lastAskedAt: at(1) }]);
    await recordUnansweredQuestion(cms.db, "do you work in leeds?");
    const [row] = await storedQuestions();
    expect(row!.firstAskedAt).toEqual(stored!.firstAskedAt);
    expect(row!.lastAskedAt.getTime()).toBeGreaterThan(at(1).getTime());
  });

  it("stores nothing for a question that is empty once scrubbed", async () => {
    await expect(recordUnansweredQuestion(cms.db, "jane@example.com ?")).resolves.toBe("empty");
    await expect(recordUnansweredQuestion(cms.db, "   ")).resolves.toBe("empty");
    expect(await storedQuestions()).toEqual([]);
  });

  it("50 simultaneous askers of one question make one row asked 50 times", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        recordUnansweredQuestion(cms.db, index % 2 === 0 ? "How fast is onboarding?" : "How  fast is onboarding?"),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "added")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "counted")).toHaveLength(49);
    expect(await storedQuestions()).toMatchObject([{ question: "How fast is onboarding?", timesAsked: 50 }]);
  });

  it(`holds at most ${MAX_UNANSWERED_QUESTIONS} questions; listed ones still count up`, async () => {
    const info = vi.spyOn(logger, "info").mockImplementation(() => undefined);
    await storeQuestions(
      Array.from({ length: MAX_UNANSWERED_QUESTIONS - 1 }, (_, index) => ({ question: `Stored question ${index}` })),
    );
    await expect(recordUnansweredQuestion(cms.db, "The last one that fits")).resolves.toBe("added");
    expect(info).not.toHaveBeenCalled();

    await expect(recordUnansweredQuestion(cms.db, "One too many")).resolves.toBe("full");
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0]![0]).toEqual({ limit: MAX_UNANSWERED_QUESTIONS });
    // The log line does not carry the question.
    expect(JSON.stringify(info.mock.calls[0])).not.toContain("One too many");

    await expect(recordUnansweredQuestion(cms.db, "STORED QUESTION 7")).resolves.toBe("counted");
    const rows = await storedQuestions();
    expect(rows).toHaveLength(MAX_UNANSWERED_QUESTIONS);
    expect(rows.some((row) => row.question === "One too many")).toBe(false);
    expect(rows.find((row) => row.question === "Stored question 7")?.timesAsked).toBe(2);

    // Dismissing makes room again.
    await dismissUnansweredQuestion(cms.db, actor, rows[0]!.id);
    await expect(recordUnansweredQuestion(cms.db, "One too many")).resolves.toBe("added");
  });

  it("never throws when the database fails: it logs a warning without the question and answers 'failed'", async () => {
    const closed = await createTestDatabase();
    await closed.destroy();
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    await expect(recordUnansweredQuestion(closed.db, "Is anyone there? jane@example.com")).resolves.toBe("failed");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![1]).toBe("could not record an unanswered question");
  });
});

/* ------------------------------------------------------------------------------------------------
 * The admin's list and dismissing
 * ---------------------------------------------------------------------------------------------- */

describe("listUnansweredQuestions", () => {
  it("lists the most asked first, then the most recently asked", async () => {
    await storeQuestions([
      { question: "Asked twice, long ago", timesAsked: 2, lastAskedAt: at(1) },
      { question: "Asked once, recently", timesAsked: 1, lastAskedAt: at(20) },
      { question: "Asked five times", timesAsked: 5, lastAskedAt: at(5) },
      { question: "Asked twice, recently", timesAsked: 2, lastAskedAt: at(10) },
    ]);
    const { questions, total, page } = await listUnansweredQuestions(cms.db);
    expect({ total, page }).toEqual({ total: 4, page: 1 });
    expect(questions.map((row) => row.question)).toEqual([
      "Asked five times",
      "Asked twice, recently",
      "Asked twice, long ago",
      "Asked once, recently",
    ]);
  });

  it("pages 25 at a time, and shows the last page for a page beyond the end", async () => {
    await storeQuestions(
      Array.from({ length: 30 }, (_, index) => ({ question: `Question ${index}`, timesAsked: 100 - index })),
    );
    const first = await listUnansweredQuestions(cms.db, { page: 1 });
    const second = await listUnansweredQuestions(cms.db, { page: 2 });
    expect(first.questions).toHaveLength(25);
    expect(second).toMatchObject({ total: 30, page: 2 });
    expect(second.questions.map((row) => row.question)).toEqual([25, 26, 27, 28, 29].map((n) => `Question ${n}`));
    const beyond = await listUnansweredQuestions(cms.db, { page: 9 });
    expect(beyond.page).toBe(2);
    expect(beyond.questions).toEqual(second.questions);
  });

  it("is empty on page 1 when there are no questions", async () => {
    await expect(listUnansweredQuestions(cms.db, { page: 3 })).resolves.toEqual({
      questions: [],
      total: 0,
      page: 1,
    });
  });
});

describe("dismissing", () => {
  it("dismisses one question and returns it; an unknown id dismisses nothing", async () => {
    const [kept, dismissed] = await storeQuestions([{ question: "Keep me" }, { question: "Dismiss me" }]);
    await expect(dismissUnansweredQuestion(cms.db, actor, dismissed!.id)).resolves.toMatchObject({
      id: dismissed!.id,
      question: "Dismiss me",
    });
    await expect(dismissUnansweredQuestion(cms.db, actor, dismissed!.id)).resolves.toBeUndefined();
    await expect(dismissUnansweredQuestion(cms.db, actor, UNKNOWN_ID)).resolves.toBeUndefined();
    expect((await storedQuestions()).map((row) => row.id)).toEqual([kept!.id]);
  });

  it("dismisses them all and says how many", async () => {
    await storeQuestions([{ question: "One" }, { question: "Two" }, { question: "Three" }]);
    await expect(dismissAllUnansweredQuestions(cms.db, actor)).resolves.toBe(3);
    expect(await storedQuestions()).toEqual([]);
    await expect(dismissAllUnansweredQuestions(cms.db, actor)).resolves.toBe(0);
  });

  it("a dismissed question asked again starts a new count", async () => {
    await recordUnansweredQuestion(cms.db, "Do you do penetration tests?");
    await recordUnansweredQuestion(cms.db, "Do you do penetration tests?");
    await dismissAllUnansweredQuestions(cms.db, actor);
    await recordUnansweredQuestion(cms.db, "Do you do penetration tests?");
    expect(await storedQuestions()).toMatchObject([{ timesAsked: 1 }]);
  });
});

/* ------------------------------------------------------------------------------------------------
 * The CMS Assistant tab
 * ---------------------------------------------------------------------------------------------- */

/** A POST to the tab as `who`, with the anti-forgery token unless told otherwise. */
function post(
  fields: Record<string, string>,
  { who = "admin", withToken = true, url = URL_PATH }: { who?: Role; withToken?: boolean; url?: string } = {},
) {
  return cms.post(url, fields, { as: who, withToken });
}

async function loadRoute() {
  return import("~/routes/cms/assistant");
}

async function loadTab(search = "", who: Role = "admin") {
  const { loader } = await loadRoute();
  return loader(routeArgs(cms.request(`${URL_PATH}${search}`, { as: who })));
}

type ActionAnswer = Response | { data: unknown; init: ResponseInit | null };

async function act(request: Request) {
  const { action } = await loadRoute();
  return (await action(routeArgs(request))) as ActionAnswer;
}

/** The toast a response carries, read back as the next page's root loader reads it. */
async function toastIn(answer: ActionAnswer) {
  if (!(answer instanceof Response)) return toastOf(answer);
  const { getToast } = await import("~/server/platform/toast.server");
  const cookie = answer.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

/** The status a loader or action threw (a redirect Response, or data() with a status). */
async function thrownStatus(promise: Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  const error = await promise.then(
    () => {
      throw new Error("the request was not refused");
    },
    (caught: unknown) => caught,
  );
  if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
  return { status: (error as { init?: ResponseInit }).init?.status ?? 0 };
}

async function auditEntries() {
  const rows = await cms.db.select().from(auditLog);
  return rows.map(({ action, entity, entityId, userEmail, details }) => ({
    action,
    entity,
    entityId,
    userEmail,
    details,
  }));
}

describe("the Assistant tab's loader", () => {
  it("lists the questions with their counts and London times, the most asked first", async () => {
    const [often, once] = await storeQuestions([
      { question: "Do you work with charities?", timesAsked: 4, lastAskedAt: new Date(Date.UTC(2025, 6, 1, 23, 15)) },
      { question: "Is there parking?", timesAsked: 1, lastAskedAt: at(12) },
    ]);
    const result = await loadTab();
    expect(result).toEqual({
      page: 1,
      total: 2,
      error: null,
      confirmingDismissAll: false,
      questions: [
        {
          id: often!.id,
          question: "Do you work with charities?",
          timesAsked: 4,
          // An hour ahead of UTC in summer: already the next day in London.
          firstAsked: { iso: "2025-07-01T23:15:00.000Z", text: "2 Jul 2025, 00:15" },
          lastAsked: { iso: "2025-07-01T23:15:00.000Z", text: "2 Jul 2025, 00:15" },
        },
        {
          id: once!.id,
          question: "Is there parking?",
          timesAsked: 1,
          firstAsked: { iso: "2025-03-12T09:30:00.000Z", text: "12 Mar 2025, 09:30" },
          lastAsked: { iso: "2025-03-12T09:30:00.000Z", text: "12 Mar 2025, 09:30" },
        },
      ],
    });
  });

  it("asks for the dismiss-all confirmation only when there is something to dismiss", async () => {
    expect((await loadTab("?confirm=dismiss-all")).confirmingDismissAll).toBe(false);
    await storeQuestions([{ question: "Anything?" }]);
    expect((await loadTab("?confirm=dismiss-all")).confirmingDismissAll).toBe(true);
    expect((await loadTab("?confirm=other")).confirmingDismissAll).toBe(false);
  });

  it("sends anonymous visitors to sign in; every role may read the questions (they hold no personal data)", async () => {
    const { loader } = await loadRoute();
    await expect(thrownStatus(loader(routeArgs(new Request(`${URL_PATH}?page=2`))))).resolves.toEqual({
      status: 302,
      location: `/cms?redirectTo=${encodeURIComponent("/cms/assistant?page=2")}`,
    });
    for (const role of ["editor", "support"] as const) {
      await expect(loadTab("", role), role).resolves.toMatchObject({ total: expect.any(Number) });
    }
  });
});

describe("the Assistant tab's actions", () => {
  it("dismisses one question, back to the same page with a toast, and audits it", async () => {
    const [kept, dismissed] = await storeQuestions([
      { question: "Keep me", timesAsked: 9 },
      { question: "Do you do [number] things?", timesAsked: 3 },
    ]);
    const answer = await act(post({ intent: "dismiss", id: dismissed!.id }, { url: `${URL_PATH}?page=2` }));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe("/cms/assistant?page=2");
    await expect(toastIn(answer)).resolves.toMatchObject({ type: "success", description: "Question dismissed" });
    expect((await storedQuestions()).map((row) => row.id)).toEqual([kept!.id]);
    expect(await auditEntries()).toEqual([
      {
        action: "unanswered_question.dismiss",
        entity: "unanswered_questions",
        entityId: dismissed!.id,
        userEmail: "admin@example.com",
        details: { question: "Do you do [number] things?", timesAsked: 3 },
      },
    ]);
  });

  it("dismisses all after confirmation, back to the first page, and audits how many", async () => {
    await storeQuestions([{ question: "One" }, { question: "Two" }, { question: "Three" }]);
    const answer = await act(post({ intent: "dismiss-all" }, { url: `${URL_PATH}?confirm=dismiss-all` }));
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe("/cms/assistant");
    await expect(toastIn(answer)).resolves.toMatchObject({ type: "success", description: "3 questions dismissed" });
    expect(await storedQuestions()).toEqual([]);
    expect(await auditEntries()).toEqual([
      {
        action: "unanswered_question.dismiss_all",
        entity: "unanswered_questions",
        entityId: null,
        userEmail: "admin@example.com",
        details: { count: 3 },
      },
    ]);

    // Nothing left: it says so, and writes no audit entry.
    const again = await act(post({ intent: "dismiss-all" }));
    await expect(toastIn(again)).resolves.toMatchObject({
      type: "info",
      description: "There were no questions to dismiss.",
    });
    expect(await auditEntries()).toHaveLength(1);
  });

  it("refuses a malformed id, a question already dismissed and an unknown intent, changing nothing", async () => {
    const [stored] = await storeQuestions([{ question: "Still here" }]);
    const cases = [
      [{ intent: "dismiss", id: "' or 1=1 --" }, 400, "Failed to dismiss the question"],
      [{ intent: "dismiss" }, 400, "Failed to dismiss the question"],
      [{ intent: "dismiss", id: UNKNOWN_ID }, 404, "That question had already been dismissed."],
    ] as const;
    for (const [fields, status, description] of cases) {
      const answer = await act(post(fields));
      expect(answer, JSON.stringify(fields)).not.toBeInstanceOf(Response);
      expect((answer as { init: ResponseInit }).init.status, JSON.stringify(fields)).toBe(status);
      await expect(toastIn(answer)).resolves.toMatchObject({ type: "error", description });
    }
    // An intent no button sends is answered as every CMS action answers one: 400, on the form.
    const unknown = (await act(post({ intent: "archive", id: stored!.id }))) as { data: unknown; init: ResponseInit };
    expect(unknown.init.status).toBe(400);
    expect(unknown.data).toMatchObject({ ok: false, errors: { form: "Unknown action." } });
    expect(await storedQuestions()).toHaveLength(1);
    expect(await auditEntries()).toEqual([]);
  });

  it("refuses support (without assistant.manage), anonymous visitors and forms without the anti-forgery token", async () => {
    const [stored] = await storeQuestions([{ question: "Protected" }]);
    const { action } = await loadRoute();
    const requests: Record<string, string>[] = [{ intent: "dismiss", id: stored!.id }, { intent: "dismiss-all" }];
    for (const fields of requests) {
      await expect(thrownStatus(action(routeArgs(post(fields, { who: "support" }))))).resolves.toEqual({ status: 403 });
      await expect(thrownStatus(action(routeArgs(postForm(URL_PATH, fields))))).resolves.toMatchObject({
        status: 302,
      });
      await expect(thrownStatus(action(routeArgs(post(fields, { withToken: false }))))).resolves.toEqual({
        status: 403,
      });
    }
    expect(await storedQuestions()).toHaveLength(1);
    expect(await auditEntries()).toEqual([]);
  });
});

/* ------------------------------------------------------------------------------------------------
 * When the database fails. Last in the file, as it reloads the route's modules with a database that
 * fails all but the sign-in.
 * ---------------------------------------------------------------------------------------------- */

describe("the Assistant tab when the database fails", () => {
  withBrokenDatabaseHooks(cms);

  it("the loader says it could not fetch the questions and shows none", async () => {
    const { loader } = await routeWithBrokenDatabase(cms, () => import("~/routes/cms/assistant"));
    await expect(loader(routeArgs(cms.request(`${URL_PATH}?page=3&confirm=dismiss-all`)))).resolves.toEqual({
      page: 3,
      total: 0,
      error: "Failed to fetch unanswered questions",
      confirmingDismissAll: false,
      questions: [],
    });
  });

  it("dismissing answers 500 with a toast", async () => {
    const { action } = await routeWithBrokenDatabase(cms, () => import("~/routes/cms/assistant"));
    const cases = [
      [{ intent: "dismiss", id: UNKNOWN_ID }, "Failed to dismiss the question"],
      [{ intent: "dismiss-all" }, "Failed to dismiss the questions"],
    ] as const;
    for (const [fields, description] of cases) {
      const answer = (await action(routeArgs(cms.post(URL_PATH, fields)))) as { init: ResponseInit | null };
      expect(answer.init?.status, fields.intent).toBe(500);
      await expect(toastOf(answer)).resolves.toMatchObject({ type: "error", description });
    }
  });
});
