import { describe, expect, it } from "vitest";
import { isCmsSaveRequest } from "./expired-session.server";

describe("a CMS save that may find its session ended", () => {
  it("is a data request posting to a tab", () => {
    expect(isCmsSaveRequest("POST", "/cms/users.data")).toBe(true);
    expect(isCmsSaveRequest("GET", "/cms/users.data")).toBe(false);
  });

  it("is never sign-in, sign-out, or a page open without a session", () => {
    for (const path of [
      "/cms.data",
      "/cms/logout.data",
      "/cms/forgot-password.data",
      "/cms/invitation/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.data",
      "/cms/reset-password/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.data",
    ]) {
      expect(isCmsSaveRequest("POST", path), path).toBe(false);
    }
  });
});
