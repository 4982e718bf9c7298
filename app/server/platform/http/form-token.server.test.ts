import { describe, expect, it } from "vitest";
import { checkFormToken, issueFormToken, issueSharedFormToken, MIN_FILL_TIME_MS } from "./form-token.server";

const secret = "test-secret";
const issued = 1_700_000_000_000;

describe("form tokens", () => {
  it("accept a form filled in over more than the minimum time", () => {
    const token = issueFormToken(issued, secret);
    expect(checkFormToken(token, issued + MIN_FILL_TIME_MS + 1, secret)).toBe("ok");
  });

  it("flag a form posted faster than a person could fill it in", () => {
    expect(checkFormToken(issueFormToken(issued, secret), issued + 500, secret)).toBe("too-fast");
  });

  it("refuse a missing, malformed, back-dated or foreign token", () => {
    const token = issueFormToken(issued, secret);
    const [, signature] = token.split(".");
    for (const forged of [undefined, "", "abc", `${issued - 60_000}.${signature}`, issueFormToken(issued, "other")]) {
      expect(checkFormToken(forged, issued + 10_000, secret), String(forged)).toBe("invalid");
    }
  });

  it("call a day-old form stale", () => {
    expect(checkFormToken(issueFormToken(issued, secret), issued + 25 * 3_600_000, secret)).toBe("stale");
  });

  it("share one token within a second, dated at its end so a script still waits the full time", () => {
    const servedAt = issued + 250;
    const shared = issueSharedFormToken(servedAt, secret);
    expect(issueSharedFormToken(issued + 999, secret)).toBe(shared);
    expect(issueSharedFormToken(issued + 1_001, secret)).not.toBe(shared);
    expect(shared).toBe(issueFormToken(issued + 1_000, secret));
    expect(checkFormToken(shared, servedAt + MIN_FILL_TIME_MS, secret)).toBe("too-fast");
    expect(checkFormToken(shared, servedAt + MIN_FILL_TIME_MS + 750, secret)).toBe("ok");
    // On a whole second it is that second's own token.
    expect(issueSharedFormToken(issued, secret)).toBe(issueFormToken(issued, secret));
  });
});
