/**
 * One Lighthouse run of one route, with Lighthouse's defaults (mobile, simulated throttling), and
 * what the bench keeps of it.
 */
import lighthouse, { type Result as LighthouseResult } from "lighthouse";
import { wasInterrupted } from "../support/cleanup";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/** Audits that never pass or fail, so they say nothing about why a category missed. */
const UNSCORED_MODES = new Set(["informative", "notApplicable", "manual"]);
const MAX_DETAIL_ROWS = 10;

export interface FailingAudit {
  id: string;
  title: string;
  score: number;
  displayValue?: string;
  /** The first rows of the audit's table (which requests, elements or console messages). */
  items?: unknown[];
}

export interface RunResult {
  path: string;
  url: string;
  finalUrl?: string;
  /** category id -> 0-100, null when Lighthouse could not score it */
  scores: Record<string, number | null>;
  metrics: {
    lcpMs: number | null;
    tbtMs: number | null;
    cls: number | null;
    fcpMs: number | null;
    speedIndexMs: number | null;
  };
  transferBytes: { script: number | null; total: number | null };
  /** The element Lighthouse took as the largest contentful paint (its HTML, shortened). */
  lcpElement?: string;
  /** The elements that moved, each with its share of CLS, when any did. */
  layoutShifts?: { element: string; score: number }[];
  /** category id -> audits that did not pass */
  failingAudits: Record<string, FailingAudit[]>;
  warnings: string[];
  /** why the route could not be measured */
  error?: string;
}

/** The LCP element's snippet, to tell a slow hero image from a late banner or a late text block. */
/** What the layout-shifts audit blames (it is informative, so failingAudits leaves it out). */
function layoutShifts(lhr: LighthouseResult): { element: string; score: number }[] {
  const details = lhr.audits["layout-shifts"]?.details;
  if (!details || details.type !== "table") return [];
  return details.items.slice(0, MAX_DETAIL_ROWS).map((item) => {
    const node = item.node as { snippet?: string; selector?: string } | undefined;
    return { element: node?.snippet ?? node?.selector ?? "(unknown)", score: Number(item.score ?? 0) };
  });
}

function lcpElement(lhr: LighthouseResult): string | undefined {
  const found = JSON.stringify(lhr.audits["largest-contentful-paint-element"]?.details ?? null).match(
    /"snippet":"((?:[^"\\]|\\.)*)"/,
  );
  return found?.[1] ? (JSON.parse(`"${found[1]}"`) as string) : undefined;
}

function numericValue(lhr: LighthouseResult, id: string): number | null {
  return lhr.audits[id]?.numericValue ?? null;
}

/**
 * Bytes transferred (compressed, as served), for scripts and in total. Lighthouse 12 summarises them
 * in the hidden resource-summary audit; where that is absent (it is being retired upstream), the
 * network-requests audit lists every request to add up.
 */
function transferBytes(lhr: LighthouseResult): RunResult["transferBytes"] {
  const items = (id: string) => {
    const details = lhr.audits[id]?.details;
    return details && details.type === "table" ? (details.items as unknown as Array<Record<string, unknown>>) : null;
  };
  const size = (item: Record<string, unknown> | undefined) =>
    typeof item?.transferSize === "number" ? item.transferSize : 0;

  const summary = items("resource-summary");
  if (summary) {
    return {
      script: size(summary.find((item) => item.resourceType === "script")),
      total: size(summary.find((item) => item.resourceType === "total")),
    };
  }
  const requests = items("network-requests");
  if (!requests) return { script: null, total: null };
  const sum = (list: Array<Record<string, unknown>>) => list.reduce((bytes, item) => bytes + size(item), 0);
  return { script: sum(requests.filter((item) => item.resourceType === "Script")), total: sum(requests) };
}

/**
 * The first rows of an audit's table or opportunity list, kept in the JSON so that a failure can be
 * traced to a request, an element or a console message without re-running Lighthouse.
 */
function detailRows(details: LighthouseResult["audits"][string]["details"]): { items?: unknown[] } {
  if (!details || (details.type !== "table" && details.type !== "opportunity")) return {};
  return details.items.length > 0 ? { items: details.items.slice(0, MAX_DETAIL_ROWS) } : {};
}

/**
 * The audits of a category that did not fully pass, worst first. Informative, not-applicable and
 * manual audits have no pass or fail, so they are left out, and so are the "hidden" ones (such as
 * Time to Interactive) that Lighthouse's own report does not show either.
 */
function failingAudits(lhr: LighthouseResult, categoryId: string): FailingAudit[] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .filter((ref) => ref.group !== "hidden")
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined)
    .filter((audit) => !UNSCORED_MODES.has(audit.scoreDisplayMode))
    .filter((audit) => typeof audit.score === "number" && audit.score < 1)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score as number,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      ...detailRows(audit.details),
    }))
    .sort((a, b) => a.score - b.score);
}

/**
 * One fresh page load of one route, with Lighthouse's defaults: the mobile form factor and
 * simulated throttling, storage cleared before the load. `port` is Chrome's debugging port.
 */
export async function auditRoute(
  origin: string,
  routePath: string,
  port: number,
): Promise<{ route: RunResult; lhr?: LighthouseResult }> {
  const url = origin + routePath;
  const route: RunResult = {
    path: routePath,
    url,
    scores: {},
    metrics: { lcpMs: null, tbtMs: null, cls: null, fcpMs: null, speedIndexMs: null },
    transferBytes: { script: null, total: null },
    failingAudits: {},
    warnings: [],
  };
  let lhr;
  try {
    const result = await lighthouse(url, { port, logLevel: "error", onlyCategories: CATEGORIES });
    lhr = result?.lhr;
  } catch (error) {
    if (wasInterrupted()) throw error; // Chrome was stopped on purpose: no result to report
    route.error = error instanceof Error ? error.message : String(error);
    return { route };
  }
  if (!lhr) {
    route.error = "Lighthouse returned no result";
    return { route };
  }
  route.finalUrl = lhr.finalDisplayedUrl;
  route.warnings = lhr.runWarnings.map(String);
  if (lhr.runtimeError) route.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  for (const id of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    route.scores[id] = typeof score === "number" ? Math.round(score * 100) : null;
    route.failingAudits[id] = failingAudits(lhr, id);
  }
  route.metrics = {
    lcpMs: numericValue(lhr, "largest-contentful-paint"),
    tbtMs: numericValue(lhr, "total-blocking-time"),
    cls: numericValue(lhr, "cumulative-layout-shift"),
    fcpMs: numericValue(lhr, "first-contentful-paint"),
    speedIndexMs: numericValue(lhr, "speed-index"),
  };
  route.transferBytes = transferBytes(lhr);
  route.lcpElement = lcpElement(lhr);
  const shifts = layoutShifts(lhr);
  if (shifts.length > 0) route.layoutShifts = shifts;
  return { route, lhr };
}
