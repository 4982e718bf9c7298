import { describe, expect, it } from "vitest";
import { checkFormToken, issueFormToken, MIN_FILL_TIME_MS } from "./form-token.server";

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
});
