/**
 * The security headers of DESIGN.md ("Security rules") as expectations, shared by
 * security-headers.spec.ts (every kind of response) and html-standards.spec.ts (every public page).
 */
import crypto from "node:crypto";
import { expect } from "./fixtures";

/** The part of a response these checks read. */
export interface ResponseHead {
  headers: Record<string, string>;
  text: string;
}

/** The CSP's directives by name. */
function directives(policy: string | undefined): Map<string, string[]> {
  return new Map(
    (policy ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/**
 * What lets a response's inline scripts run: this response's nonce, or, on a public page served
 * from the page cache, the hashes of the scripts it holds (docs/decisions/026).
 */
export type ScriptPermit = { nonce: string } | { hashes: string[] };

/** Checks the headers of DESIGN.md and returns what the response's scripts run by. */
export function expectSecurityHeaders(response: ResponseHead, label: string): ScriptPermit {
  const { headers } = response;
  const csp = directives(headers["content-security-policy"]);
  const scriptSources = csp.get("script-src") ?? [];
  expect(scriptSources[0], `${label}: scripts from our origin`).toBe("'self'");
  const nonces = scriptSources.filter((source) => /^'nonce-[A-Za-z0-9+/]{22}==?'$/.test(source));
  const hashes = scriptSources.filter((source) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(source));
  const cached = headers["x-page-cache"] === "hit" || headers["x-page-cache"] === "stale";
  if (cached) expect(nonces, `${label}: no nonce on a cached page`).toEqual([]);
  else expect(nonces, `${label}: one nonce for scripts`).toHaveLength(1);
  expect(scriptSources.length, `${label}: nothing but 'self' and the ${cached ? "hashes" : "nonce"}`).toBe(
    1 + nonces.length + hashes.length,
  );
  if (!cached) expect(hashes, `${label}: hashes only on a cached page`).toEqual([]);
  expect(scriptSources, label).not.toContain("'unsafe-inline'");
  expect(scriptSources, label).not.toContain("'unsafe-eval'");
  expect(csp.get("default-src"), label).toEqual(["'self'"]);
  expect(csp.get("object-src"), label).toEqual(["'none'"]);
  expect(csp.get("base-uri"), label).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors"), label).toEqual(["'none'"]);
  expect(headers["x-content-type-options"], label).toMatch(/^nosniff(, nosniff)?$/);
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], label).toBe("DENY");
  const hsts = /^max-age=(\d+); includeSubDomains$/.exec(headers["strict-transport-security"] ?? "");
  expect(hsts, `${label}: HSTS over HTTPS`).not.toBeNull();
  expect(Number(hsts![1]), label).toBeGreaterThanOrEqual(31_536_000);
  expect(headers["x-powered-by"], label).toBeUndefined();
  return cached ? { hashes } : { nonce: nonces[0]!.slice("'nonce-".length, -1) };
}

/** The CSP source that allows an inline script with this text, worked out here independently. */
export function scriptHashSource(text: string): string {
  return `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * Every script of an HTML page runs by the response's permit (JSON-LD is data, never run): each
 * carries the nonce, or, on a cached page, none does and each inline one's hash is listed.
 */
export function expectScriptsPermitted(response: ResponseHead, permit: ScriptPermit, label: string): void {
  const scripts = [...response.text.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)].filter(
    ([, tag]) => !tag!.includes('type="application/ld+json"'),
  );
  expect(scripts.length, `${label}: scripts on the page`).toBeGreaterThan(0);
  for (const [, tag, text] of scripts) {
    if ("nonce" in permit) {
      expect(tag, label).toContain(`nonce="${permit.nonce}"`);
      continue;
    }
    expect(tag, label).not.toContain("nonce=");
    if (tag!.includes(" src=")) continue;
    expect(permit.hashes, `${label}: the hash of ${tag}${text!.slice(0, 60)}`).toContain(scriptHashSource(text!));
  }
}
