/**
 * `npm run eval:assistant`: how well the site assistant answers what visitors ask.
 *
 * Builds the app if needed, starts the production server on a fresh demo database (as
 * `npm run bench` does), checks that every fact of the set (tests/eval/assistant-questions.ts) is
 * still on its live page, then asks each conversation through `POST /api/chat` as the chat widget
 * does, one visitor address per conversation (the server trusts one proxy here, so the per-visitor
 * rate limit applies to each conversation, not to the whole run). It prints each failed case with
 * why, a score per group and the total, and the invented facts: a link that does not open, a
 * price, phone number or e-mail address the site does not show. Exits non-zero with --check when
 * the total is under 90% or anything was invented.
 *
 * Usage: npm run eval:assistant -- [--check] [--verbose]
 */
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import { seedSiteSettings } from "../../app/db/seed-data";
import { convertPrice, formatPrice, ratesFromSettings } from "../../app/lib/commerce/currency";
import { startServer } from "../bench/server";
import { runCleanly } from "../support/cleanup";
import { ensureBuild } from "../support/production-build";
import { EVAL_CASES, EVAL_GROUPS, type EvalCase, type EvalFact, type EvalGroup } from "./assistant-questions";

const PASS_MARK = 0.9;

/** Lower case, one space, plain dashes and apostrophes: how two texts are compared. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** A page's visible text, near enough: tags, scripts and styles gone, entities decoded. */
function pageText(html: string): string {
  return normalise(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&nbsp;/g, " "),
  );
}

/** The targets of a reply's Markdown links. */
function linksOf(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

/** The demo content's rates, the ones the server seeds and the basket converts with. */
const RATES = ratesFromSettings(
  Object.fromEntries(seedSiteSettings.map((setting) => [setting.settingKey, setting.settingValue ?? ""])),
);

function factText(fact: EvalFact): string {
  return "text" in fact ? fact.text : formatPrice(convertPrice(fact.gbp, "GBP", fact.in, RATES), fact.in);
}

/** What must be on the fact's page for the fact to hold: its text, or the price in pounds. */
function factOnPage(fact: EvalFact): string {
  return "text" in fact ? fact.text : formatPrice(fact.gbp, "GBP");
}

class Site {
  private pages = new Map<string, Promise<{ status: number; text: string }>>();
  constructor(readonly origin: string) {}

  page(path: string) {
    let page = this.pages.get(path);
    if (!page) {
      page = fetch(this.origin + path, { redirect: "follow" }).then(async (response) => ({
        status: response.status,
        text: pageText(await response.text()),
      }));
      this.pages.set(path, page);
    }
    return page;
  }

  /** Asks a conversation as one visitor; returns the reply to its last message. */
  async ask(conversation: readonly string[]): Promise<string> {
    const visitor = `198.51.100.${crypto.randomInt(1, 255)}, 203.0.113.${crypto.randomInt(1, 255)}`;
    const history: { role: "user" | "assistant"; content: string }[] = [];
    let reply = "";
    for (const message of conversation) {
      const response = await fetch(`${this.origin}/api/chat`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          Origin: this.origin,
          "X-Forwarded-For": visitor,
        },
        body: JSON.stringify({ message, conversationHistory: history }),
      });
      const body = (await response.json()) as { success?: boolean; response?: string; error?: string };
      if (!response.ok || !body.success || typeof body.response !== "string") {
        throw new Error(`POST /api/chat answered ${response.status}: ${body.error ?? JSON.stringify(body)}`);
      }
      reply = body.response;
      history.push({ role: "user", content: message }, { role: "assistant", content: reply });
    }
    return reply;
  }
}

const REFUSAL = /\b(can't|cannot|can not|couldn't|unable|not able|won't|isn't something|not something|sorry)\b/i;
const CONTACT_PAGE_LINK = /\]\(\/contact(\)|\?|#)/;

/** Why the reply falls short: an empty list when it is good. */
async function judge(site: Site, evalCase: EvalCase, reply: string): Promise<{ misses: string[]; invented: string[] }> {
  const misses: string[] = [];
  const text = normalise(reply);
  for (const fact of evalCase.facts ?? []) {
    if (!text.includes(normalise(factText(fact)))) misses.push(`does not say "${factText(fact)}"`);
  }
  const links = linksOf(reply);
  for (const cite of evalCase.cites ?? []) {
    if (!links.some((link) => link.startsWith(cite))) misses.push(`does not link to ${cite}`);
  }
  for (const pattern of evalCase.mustNot ?? []) {
    const found = typeof pattern === "string" ? text.includes(normalise(pattern)) : pattern.test(reply);
    if (found) misses.push(`says what it must not: ${String(pattern)}`);
  }
  for (const pattern of evalCase.mentions ?? []) {
    if (!pattern.test(reply)) misses.push(`does not mention ${String(pattern)}`);
  }
  const kind = evalCase.kind ?? "answer";
  if ((kind === "decline" || kind === "elsewhere") && !REFUSAL.test(reply)) misses.push("does not decline");
  if (kind === "other-language") {
    for (const word of evalCase.languageWords ?? []) {
      if (!text.includes(normalise(word))) misses.push(`is not in the visitor's language (no "${word}")`);
    }
    if (!CONTACT_PAGE_LINK.test(reply)) misses.push("does not offer the contact page");
  }
  return { misses, invented: await inventedFacts(site, reply) };
}

/** Links that do not open on the site, and prices, phone numbers or addresses it does not show. */
async function inventedFacts(site: Site, reply: string): Promise<string[]> {
  const invented: string[] = [];
  for (const link of linksOf(reply)) {
    if (/^(mailto|tel):/.test(link)) continue;
    if (!link.startsWith("/") || link.startsWith("//")) {
      invented.push(`a link off the site: ${link}`);
      continue;
    }
    const { status } = await site.page(link.split("#")[0]!);
    if (status !== 200) invented.push(`a link that answers ${status}: ${link}`);
  }
  const shown = [
    (await site.page("/training")).text,
    (await site.page("/contact")).text,
    (await site.page("/careers")).text,
  ].join(" ");
  const convertedPrices = new Set(
    [...shown.matchAll(/£([\d,]+)/g)].flatMap(([, amount]) => {
      const gbp = Number(amount!.replace(/,/g, ""));
      return ["USD", "EUR", "CAD", "AUD"].map((code) =>
        normalise(formatPrice(convertPrice(gbp, "GBP", code, RATES), code)),
      );
    }),
  );
  for (const [price] of reply.matchAll(/(?:£|€|A\$|C\$|\$)\s?[\d,]+(?:\.\d{2})?/g)) {
    const wanted = normalise(price);
    if (!shown.includes(wanted) && !convertedPrices.has(wanted))
      invented.push(`a price the site does not show: ${price}`);
  }
  // The visible text: a tel: or mailto: target repeats its label in another form.
  const visible = reply.replace(/\]\([^)\s]+\)/g, "]");
  for (const [email] of visible.matchAll(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g)) {
    if (!shown.includes(normalise(email))) invented.push(`an e-mail address the site does not show: ${email}`);
  }
  for (const [phone] of visible.matchAll(/(?:\+\d[\d ()-]{8,}\d|\b0\d{2,4}[ \d]{6,}\d)/g)) {
    if (!shown.includes(normalise(phone))) invented.push(`a phone number the site does not show: ${phone}`);
  }
  return invented;
}

/** Every fact of the set must be on its live page: otherwise the set, not the assistant, is wrong. */
async function checkFactsAreLive(site: Site): Promise<string[]> {
  const problems: string[] = [];
  for (const evalCase of EVAL_CASES) {
    for (const fact of evalCase.facts ?? []) {
      const page = await site.page(fact.on);
      if (page.status !== 200) problems.push(`${fact.on} answers ${page.status}`);
      else if (!page.text.includes(normalise(factOnPage(fact)))) {
        problems.push(`"${factOnPage(fact)}" is no longer on ${fact.on} (case: ${evalCase.conversation.at(-1)})`);
      }
    }
  }
  return problems;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { check: { type: "boolean", default: false }, verbose: { type: "boolean", default: false } },
  });
  ensureBuild();
  // One proxy hop trusted: each conversation's X-Forwarded-For is its own visitor (rate limits).
  process.env.TRUST_PROXY = "1";
  console.log("▶ Starting the production server");
  const { origin } = await startServer();
  const site = new Site(origin);

  const stale = await checkFactsAreLive(site);
  if (stale.length > 0) {
    console.error(`✖ The evaluation set no longer matches the site:\n${stale.map((line) => `  - ${line}`).join("\n")}`);
    return 1;
  }

  const scores = new Map<EvalGroup, { passed: number; total: number }>(
    EVAL_GROUPS.map((group) => [group, { passed: 0, total: 0 }]),
  );
  const invented: string[] = [];
  console.log(`▶ Asking ${EVAL_CASES.length} conversations`);
  for (const evalCase of EVAL_CASES) {
    const reply = await site.ask(evalCase.conversation);
    const verdict = await judge(site, evalCase, reply);
    const score = scores.get(evalCase.group)!;
    score.total += 1;
    const good = verdict.misses.length === 0 && verdict.invented.length === 0;
    if (good) score.passed += 1;
    invented.push(...verdict.invented.map((what) => `${evalCase.conversation.at(-1)}: ${what}`));
    if (!good || values.verbose) {
      console.log(`\n${good ? "✔" : "✖"} [${evalCase.group}] ${evalCase.conversation.join(" → ")}`);
      for (const why of [...verdict.misses, ...verdict.invented]) console.log(`    - ${why}`);
      console.log(reply.replace(/^/gm, "    | "));
    }
  }

  const passed = [...scores.values()].reduce((sum, score) => sum + score.passed, 0);
  const total = EVAL_CASES.length;
  console.log("\nGroup          Passed  Score");
  console.log("-------------  ------  -----");
  for (const [group, score] of scores) {
    console.log(
      `${group.padEnd(13)}  ${`${score.passed}/${score.total}`.padStart(6)}  ${percent(score.passed, score.total).padStart(5)}`,
    );
  }
  console.log(`${"total".padEnd(13)}  ${`${passed}/${total}`.padStart(6)}  ${percent(passed, total).padStart(5)}`);
  console.log(
    `Invented facts: ${invented.length}${invented.length > 0 ? `\n${invented.map((line) => `  - ${line}`).join("\n")}` : ""}`,
  );
  console.log(`Target: ${Math.round(PASS_MARK * 100)}% or more, no invented fact.`);
  return values.check && (passed / total < PASS_MARK || invented.length > 0) ? 1 : 0;
}

function percent(part: number, whole: number): string {
  return `${Math.round((part / Math.max(1, whole)) * 100)}%`;
}

runCleanly(main, { stopping: "stopping the server...", describeError: (error) => error });
