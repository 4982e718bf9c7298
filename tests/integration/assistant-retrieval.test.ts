/**
 * The assistant's grounding on the demo content: real visitor questions, each with the
 * page its answer must cite. The built-in assistant must link to that page; the site search must
 * rank it among the passages a model would be given. Plus what must never be in the index
 * (drafts, private settings, inactive jobs and courses, submissions) and that it follows changes.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { careers, contactSubmissions, content, siteSettings, trainingCourses } from "../../app/db/schema";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import { answerFromSite } from "~/server/assistant/built-in-assistant.server";
import { linkTargets } from "~/server/assistant/cited-passages.server";
import { getSiteSearch } from "~/server/assistant/search-index.server";
import { setUpCmsHarness } from "./cms-harness";
import type { Actor } from "~/server/platform/audit.server";
import { createTestActor } from "./test-actor";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const cms = setUpCmsHarness({ name: "assistant-retrieval", dataDir: false, accounts: false, seed: true });

/** The administrator named in the audit log of the entity modules' writes. */
let actor: Actor;
beforeAll(async () => {
  actor = await createTestActor(cms.db);
});
const getDb = cms.getDb;

beforeEach(() => invalidateAll());

/** Question, and the page (path, optionally the start of a fragment) the answer must cite. */
const QUESTIONS: [question: string, cites: string][] = [
  ["What training courses do you offer?", "/training"],
  ["How much is the AWS course?", "/training#course-"],
  ["How much does the Scrum course cost?", "/training#course-"],
  ["Do you have a Kubernetes course?", "/training#course-"],
  ["Are there any jobs available?", "/careers"],
  ["How do I apply for the Cyber Security Analyst role?", "/contact?job=Cyber+Security+Analyst"],
  ["Are you hiring cloud engineers?", "/careers/senior-cloud-engineer-aws-"],
  ["What are your opening hours?", "/contact"],
  ["Are you open on Saturdays?", "/contact"],
  ["What is your phone number?", "/contact"],
  ["Where are your offices?", "/contact"],
  ["Do you do penetration testing?", "/cybersecurity"],
  ["Can you help with computer vision for quality inspection?", "/ai/computer-vision"],
  ["How long does a predictive analytics project take?", "/ai/predictive-analytics"],
  ["Can you build a chatbot for customer service?", "/ai/conversational-ai"],
  ["Can you extract data from invoices automatically?", "/ai/document-processing"],
  ["What is the difference between a data lake and a data warehouse?", "/cloud/data-lake-analytics"],
  ["Do you build mobile apps?", "/services"],
  ["How do you run an MVP build?", "/product-development"],
  ["How do you store my personal data?", "/privacy-statement"],
  ["Which cookies does the site use?", "/cookie-policy"],
  ["Tell me about the Cyber Essentials Plus checklist", "/content/cyber-essentials-plus-checklist"],
  ["How did you migrate an enterprise to the cloud?", "/cloud/enterprise-cloud-migration"],
];

describe("grounded answers", () => {
  it.each(QUESTIONS)("%s → cites %s", async (question, cites) => {
    const search = await getSiteSearch(getDb);
    const answer = answerFromSite(search, question);
    expect(answer.answered).toBe(true);
    expect(
      linkTargets(answer.text).some((link) => link.startsWith(cites)),
      answer.text,
    ).toBe(true);
  });
});

describe("questions the site does not answer", () => {
  it.each([
    "What is the weather in Paris today?",
    "Who won the football last night?",
    "Do you sell laptops?",
    "What is the capital of Australia?",
    "Can you recommend a good pizza restaurant?",
  ])("%s → says so and points to a person", async (question) => {
    const answer = answerFromSite(await getSiteSearch(getDb), question);
    expect(answer.answered).toBe(false);
    expect(answer.text).toContain("couldn't find an answer");
    expect(linkTargets(answer.text)).toEqual(["/contact"]);
  });

  it("greets and thanks without searching", async () => {
    const search = await getSiteSearch(getDb);
    expect(answerFromSite(search, "Hello!").text).toMatch(/^Hello! I can tell you about/);
    expect(answerFromSite(search, "thanks").text).toMatch(/^You're welcome/);
  });

  it("a follow-up borrows the words of the question before it", async () => {
    const search = await getSiteSearch(getDb);
    const followUp = answerFromSite(search, "What does it include?", "Tell me about predictive analytics");
    expect(linkTargets(followUp.text)[0]).toBe("/ai/predictive-analytics");
    const another = answerFromSite(search, "What does it include?", "Tell me about computer vision");
    expect(linkTargets(another.text)[0]).toBe("/ai/computer-vision");
  });

  it("answers the same question the same way every time", async () => {
    const search = await getSiteSearch(getDb);
    const answers = new Set(
      Array.from({ length: 5 }, () => answerFromSite(search, "Do you do penetration testing?").text),
    );
    expect(answers.size).toBe(1);
  });
});

describe("what the index holds", () => {
  const allText = async () =>
    (await getSiteSearch(getDb)).knowledge.passages.map((passage) => `${passage.heading} ${passage.text}`).join("\n");

  it("never drafts, archived content, private settings, inactive jobs or courses, or submissions", async () => {
    await cms.db.insert(content).values([
      { title: "Secret Draft Plan", slug: "secret-draft", content: "<p>Zanzibar merger draft</p>", status: "draft" },
      { title: "Old Archived Note", slug: "old-archived", content: "<p>Quixotic archive</p>", status: "archived" },
    ]);
    await cms.db.insert(siteSettings).values({
      settingKey: "internal_pager",
      settingValue: "pager-7731-private",
      isPublic: false,
    });
    await cms.db.insert(careers).values({
      title: "Hidden Role Xylophonist",
      department: "Music",
      location: "Nowhere",
      description: "Not open",
      isActive: false,
    });
    await cms.db.insert(trainingCourses).values({
      name: "Withdrawn Wombat Course",
      description: "Gone",
      duration: "1 hour",
      level: "Beginner",
      price: 10,
      isActive: false,
    });
    await cms.db.insert(contactSubmissions).values({
      name: "Vera Visitor",
      email: "vera@example.com",
      subject: "Private enquiry",
      message: "My confidential budget is 98765",
    });
    invalidateAll();
    const text = await allText();
    for (const secret of [
      "Zanzibar",
      "Quixotic",
      "pager-7731-private",
      "Xylophonist",
      "Wombat",
      "vera@example.com",
      "98765",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("holds published content, active courses with prices, active jobs, contact details and hours", async () => {
    const text = await allText();
    expect(text).toContain("A Practical Checklist for Cyber Essentials Plus");
    expect(text).toContain("£1,299");
    expect(text).toContain("Cyber Security Analyst");
    expect(text).toContain("Mon-Fri 9:00-18:00");
    expect(text).toMatch(/E-mail: \S+@/);
  });

  it("is rebuilt when the CMS publishes, withdraws or edits what it answers from", async () => {
    const { changeContentAs } = await import("~/server/content/content.server");
    const { contentPublishing } = await import("~/server/content/content-publishing.server");
    const { publish } = await import("~/server/publishing/publishable.server");
    const { updateSettingValue } = await import("~/server/content/site-settings.server");
    const ask = async (question: string) => answerFromSite(await getSiteSearch(getDb), question);

    expect((await ask("Tell me about your quokka conservation partnership")).answered).toBe(false);
    const saved = await publish(cms.db, actor, contentPublishing, {
      title: "Our Quokka Conservation Partnership",
      slug: "quokka-partnership",
      content: "<p>We sponsor quokka conservation on Rottnest Island.</p>",
      excerpt: null,
      type: "page",
      featuredImageUrl: null,
      metaTitle: null,
      metaDescription: null,
    });
    const published = await ask("Tell me about your quokka conservation partnership");
    expect(linkTargets(published.text)).toContain("/content/quokka-partnership");

    await changeContentAs(cms.db, actor, "trash", [saved.row.id]);
    expect((await ask("Tell me about your quokka conservation partnership")).answered).toBe(false);

    await updateSettingValue(cms.db, actor, "business_hours_saturday", "Sat 11:00-15:00");
    expect((await ask("Are you open on Saturday?")).text).toContain("Sat 11:00-15:00");
  });
});
