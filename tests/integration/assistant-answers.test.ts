/**
 * Issue 20's rules for the built-in assistant on the demo content, in phrasings other than the
 * evaluation set's (tests/eval/assistant-questions.ts): one attribute of one course from its
 * record; follow-ups resolved against the whole conversation; short forms and typos; lists kept
 * with their heading; prices in the visitor's currency at the site's own rates (as an
 * administrator sets them); and what is declined or answered in another language.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatHistoryEntry } from "~/lib/chat/chat";
import { answerFromSite } from "~/server/assistant/built-in-assistant.server";
import { linkTargets } from "~/server/assistant/cited-passages.server";
import { getSiteSearch } from "~/server/assistant/search-index.server";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import type { Actor } from "~/server/platform/audit.server";
import { setUpCmsHarness } from "./cms-harness";
import { createTestActor } from "./test-actor";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const cms = setUpCmsHarness({ name: "assistant-answers", dataDir: false, accounts: false, seed: true });
let actor: Actor;
beforeAll(async () => {
  actor = await createTestActor(cms.db);
});
beforeEach(() => invalidateAll());

/** The full course list: three or more lines of courses with prices. */
const COURSE_LIST = /(- \[[^\]]+\]\(\/training#[^)]+\): £[\d,]+[^\n]*\n){3,}/;

/** Asks a conversation as the chat widget would; returns the last reply. */
async function converse(...messages: string[]): Promise<string> {
  const search = await getSiteSearch(cms.getDb);
  const history: ChatHistoryEntry[] = [];
  let reply = "";
  for (const message of messages) {
    reply = answerFromSite(search, message, history).text;
    history.push({ role: "user", content: message }, { role: "assistant", content: reply });
  }
  return reply;
}

describe("one attribute of one course, from its record", () => {
  it.each([
    ["what does the cyber security course cost?", "£999", "£1,599"],
    ["how many hours is the AWS architect prep", "40 hours", "business hours"],
    ["who runs the Scrum class?", "Eleanor Briggs", "Marcus Hale"],
    ["is the react course for beginners or more advanced?", "Intermediate", "Advanced level"],
  ])("%s → %s", async (question, fact, notThat) => {
    const reply = await converse(question);
    expect(reply).toContain(fact);
    expect(reply).not.toContain(notThat);
    expect(reply).not.toMatch(COURSE_LIST);
    expect(linkTargets(reply).some((link) => link.startsWith("/training"))).toBe(true);
  });

  it("answers the cheapest and the longest course from the records", async () => {
    expect(await converse("what is your most affordable course")).toMatch(
      /cheapest course is \*\*Agile Project Management & Scrum\*\*: £899/,
    );
    expect(await converse("which course is the longest?")).toMatch(
      /longest course is \*\*Full-Stack Web Development[^*]*\*\*: £1,399 \(was £1,799\), 60 hours/,
    );
  });

  it("quotes the training page on VAT rather than listing the courses", async () => {
    const reply = await converse("is VAT included in the course fees?");
    expect(reply).toContain("exclude VAT");
    expect(reply).not.toMatch(COURSE_LIST);
  });
});

describe("a question about courses that asks about something else", () => {
  it.each([
    ["do I get my money back if you cancel a course?", "/terms-of-use"],
    ["whats the refund policy on training", "/terms-of-use"],
  ])("%s → answered from the page that says it (%s), not with the course list", async (question, cites) => {
    const reply = await converse(question);
    expect(reply).not.toMatch(COURSE_LIST);
    expect(linkTargets(reply).some((link) => link.startsWith(cites))).toBe(true);
  });

  it("says it found nothing rather than listing the courses when no page says it", async () => {
    const reply = await converse("are the courses accredited by the open university?");
    expect(reply).not.toMatch(COURSE_LIST);
    expect(reply).toMatch(/couldn't find an answer/);
  });
});

describe("one attribute of one job", () => {
  it("says where a job is, and that a remote one is remote rather than 'based in Remote'", async () => {
    expect(await converse("where's the cloud engineer job?")).toMatch(/role is based in London/);
    const remote = await converse("can the full stack developer work from home?");
    expect(remote).toMatch(/role is remote \(UK\)/);
    expect(remote).not.toMatch(/based in Remote/);
  });
});

describe("a word found only inside a longer one is not an answer", () => {
  it.each(["when was the company established?", "how long have you been in business", "who founded your company"])(
    "%s → the About page's 'Founded in 2008', not a case study's 'Foundations' phase",
    async (question) => {
      const reply = await converse(question);
      expect(reply).toContain("2008");
      expect(linkTargets(reply)[0]).toBe("/about");
    },
  );

  it("quotes the passage that answers, not another section's list on its page", async () => {
    const reply = await converse("do you work with the NHS?");
    expect(reply).toContain("NHS");
    expect(reply).not.toMatch(/^- Software Solutions$/m);
  });
});

describe("a visitor's own data", () => {
  it.each(["what data do you hold about me", "how can I get my data deleted?", "what do you do with my info"])(
    "%s → the privacy statement",
    async (question) => {
      const reply = await converse(question);
      expect(linkTargets(reply).some((link) => link.startsWith("/privacy-statement"))).toBe(true);
    },
  );
});

describe("follow-ups, resolved against the conversation", () => {
  it("takes the course from an earlier turn", async () => {
    expect(await converse("I'm interested in the Kubernetes training", "what level is it?")).toContain("Advanced");
    expect(await converse("Do you teach React?", "and what does that one cost")).toContain("£1,399");
  });

  it("asks the same question about another course, or about the other one", async () => {
    expect(await converse("who teaches the AWS course", "and the cyber one?")).toContain("Hannah Lowe");
    const other = await converse("tell me about the scrum course", "and the ML course?", "what about the other one");
    expect(other).toContain("Agile Project Management & Scrum");
  });

  it("takes the job from an earlier turn", async () => {
    const reply = await converse("tell me about the cloud engineer vacancy", "is it remote or in the office?");
    expect(reply).toContain("London (Hybrid, 2 days in office)");
  });

  it("does not carry a course into a question about something else", async () => {
    const reply = await converse("how much is the AWS course", "how much does a penetration test cost?");
    expect(reply).not.toMatch(/£\d/);
    expect(linkTargets(reply)).toContain("/cybersecurity");
  });
});

describe("prices in the visitor's currency, at the site's own rates", () => {
  it("converts with the rate an administrator set, as the basket does", async () => {
    const { updateSettingValue } = await import("~/server/content/site-settings.server");
    expect(await converse("what is the cyber security course in US dollars")).toContain("$1,279"); // 999 × 1.28
    await updateSettingValue(cms.db, actor, "exchange_rate_usd", "1.5");
    expect(await converse("what is the cyber security course in US dollars")).toContain("$1,499"); // 999 × 1.5
    await updateSettingValue(cms.db, actor, "exchange_rate_usd", "1.28");
  });

  it("converts a follow-up's price and the course list", async () => {
    expect(await converse("tell me about the scrum course", "in canadian dollars?")).toContain("CA$1,564"); // 899 × 1.74
    expect(await converse("list your courses with prices in euros")).toContain("€2,005"); // 1,699 × 1.18
  });
});

describe("wording and lists", () => {
  it.each([
    ["can u do a pentest for us", "/cybersecurity"],
    ["wat r ur opening hrs on saturday", "/contact"],
    ["tell me about the devops + k8s corse", "/training#course-"],
    ["Which services does your company provide?", "/services"],
  ])("%s → cites %s", async (question, cites) => {
    expect(linkTargets(await converse(question)).some((link) => link.startsWith(cites))).toBe(true);
  });

  it("answers a question about every service with the Services page's practices and the menu's areas", async () => {
    const reply = await converse("Which services does your company provide?");
    expect(reply).toContain("- IT Consulting");
    expect(reply).toMatch(/- \[AI Solutions\]\(\/ai\): Assistants, forecasting/);
    expect(linkTargets(reply)).toEqual(expect.arrayContaining(["/ai", "/cloud", "/cybersecurity", "/services"]));
    // A question about one area's services gets that area's list, not the menu.
    expect(await converse("what cloud services do you have")).not.toContain("Services menu");
  });

  it("reads SOC and SIEM as the security operations service, unless the visitor asks about jobs", async () => {
    const service = linkTargets(await converse("does your team run a SOC with a SIEM for clients?"));
    expect(service.some((link) => /security-operations|^\/cybersecurity/.test(link))).toBe(true);
    expect(service.some((link) => link.startsWith("/careers"))).toBe(false);
    const jobs = linkTargets(await converse("any SOC analyst vacancies?"));
    expect(jobs.some((link) => link.startsWith("/careers/cyber-security-analyst"))).toBe(true);
  });

  it("answers a question about a list with its items, each linked to its page", async () => {
    const reply = await converse("what kinds of AI work do you do?");
    expect(reply).toContain("(/ai/document-processing)");
    expect(reply).toContain("(/ai/computer-vision)");
  });
});

describe("declined, pointed elsewhere, or answered in the visitor's language", () => {
  it("never gives the contact card for someone else's details", async () => {
    const reply = await converse("what is the phone number of your client Mrs Patel");
    expect(reply).toMatch(/can't share/);
    expect(reply).not.toMatch(/Phone: \[|E-mail: \[|@/);
  });

  it("points a health question to NHS 111 and a legal one to Citizens Advice", async () => {
    expect(await converse("I've got a terrible toothache, what can I take?")).toMatch(/NHS 111/);
    expect(await converse("can my landlord keep my deposit")).toMatch(/Citizens Advice/);
  });

  it("answers in German and Welsh with the contact page", async () => {
    const german = await converse("Guten Tag, wie viel kostet der Scrum Kurs?");
    expect(german).toContain("Englisch");
    expect(linkTargets(german)).toContain("/contact");
    expect(await converse("Helo, faint yw'r cwrs AWS?")).toContain("Saesneg");
  });
});
