import { describe, expect, it } from "vitest";
import { invitationPath, isPublicCmsPage, resetPasswordPath, withoutLinkToken } from "./account-links";

const TOKEN = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

describe("the CMS pages open without a session", () => {
  it("are forgot password and the two kinds of link, as pages and as React Router's data requests", () => {
    for (const path of [
      "/cms/forgot-password",
      "/cms/forgot-password.data",
      invitationPath(TOKEN),
      `${invitationPath(TOKEN)}.data`,
      resetPasswordPath(TOKEN),
      `${resetPasswordPath(TOKEN)}.data`,
    ]) {
      expect(isPublicCmsPage(path), path).toBe(true);
    }
  });

  it("are no other CMS page", () => {
    for (const path of [
      "/cms",
      "/cms.data",
      "/cms/users",
      "/cms/users.data",
      "/cms/invitation",
      "/cms/reset-password",
      `/cms/invitation/${TOKEN}/more`,
      "/cms/forgot-password/extra",
      "/cms/forgot-passwords",
    ]) {
      expect(isPublicCmsPage(path), path).toBe(false);
    }
  });
});

describe("a logged address", () => {
  it("loses a link's token, and keeps everything else", () => {
    expect(withoutLinkToken(`/cms/reset-password/${TOKEN}`)).toBe("/cms/reset-password/[token]");
    expect(withoutLinkToken(`/cms/invitation/${TOKEN}.data?index`)).toBe("/cms/invitation/[token].data?index");
    expect(withoutLinkToken("/cms/users?tab=1")).toBe("/cms/users?tab=1");
    expect(withoutLinkToken("/cms/forgot-password")).toBe("/cms/forgot-password");
  });
});
