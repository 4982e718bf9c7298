/**
 * The security headers of DESIGN.md ("Security rules") as expectations, shared by
 * security-headers.spec.ts (every kind of response) and html-standards.spec.ts (every public page).
 */
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

/** Checks the headers of DESIGN.md and returns the response's script nonce. */
export function expectSecurityHeaders(response: ResponseHead, label: string): string {
  const { headers } = response;
  const csp = directives(headers["content-security-policy"]);
  const scriptSources = csp.get("script-src") ?? [];
  const nonces = scriptSources.filter((source) => /^'nonce-[A-Za-z0-9+/]{22}==?'$/.test(source));
  expect(nonces, `${label}: one nonce for scripts`).toHaveLength(1);
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
  return nonces[0]!.slice("'nonce-".length, -1);
}

/** Every script of an HTML page carries this response's nonce (JSON-LD is data, never run). */
export function expectScriptsCarryNonce(response: ResponseHead, nonce: string, label: string): void {
  const scripts = [...response.text.matchAll(/<script\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !tag.includes('type="application/ld+json"'));
  expect(scripts.length, `${label}: scripts on the page`).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, label).toContain(`nonce="${nonce}"`);
}
