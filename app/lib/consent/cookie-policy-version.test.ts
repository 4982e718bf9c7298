// @vitest-environment node
/**
 * The cookie policy's version is what a visitor's choice was made under, and a new one asks every
 * returning visitor again. This test fails when the policy's text or the cookie
 * categories change but COOKIE_POLICY_VERSION (the policy's "last updated" date) does not: set both
 * to the day of the change, then the new fingerprint below.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LEGAL_PAGES } from "~/content/legal";
import { COOKIE_CATEGORIES } from "./cookie-categories";
import { COOKIE_POLICY_VERSION } from "./cookie-consent";

const FINGERPRINT_OF_2026_11_26 = "c545e7db3679dd2b";

function fingerprint(): string {
  const { lastUpdated: _version, ...policy } = LEGAL_PAGES["cookie-policy"];
  return createHash("sha256")
    .update(JSON.stringify({ policy, categories: COOKIE_CATEGORIES }))
    .digest("hex")
    .slice(0, 16);
}

describe("the cookie policy's version", () => {
  it("is the policy's last-updated date", () => {
    expect(COOKIE_POLICY_VERSION).toBe(LEGAL_PAGES["cookie-policy"].lastUpdated);
  });

  it("changes whenever the policy's text or the categories do", () => {
    expect(
      { version: COOKIE_POLICY_VERSION, fingerprint: fingerprint() },
      "the cookie policy or its categories changed: set COOKIE_POLICY_VERSION and the policy's lastUpdated to today, then this fingerprint",
    ).toEqual({ version: "2026-11-26", fingerprint: FINGERPRINT_OF_2026_11_26 });
  });
});
