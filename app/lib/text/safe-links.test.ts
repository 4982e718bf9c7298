/**
 * Addresses typed into the CMS (featured image, block buttons, the settings' web addresses) are
 * read the way a browser reads them: whatever could lead to another site while looking like a path
 * is refused with the field's message.
 */
import { describe, expect, it } from "vitest";
import { BLOCK_DATA } from "../blocks/block-data";
import { isWebAddress, sameSitePath } from "./safe-links";
import { contentFormSchema } from "../schemas/content";
import { checkSettingValue } from "../schemas/site-settings";

const ORIGIN = "https://www.example.co.uk";

/** Paths that a browser, a router or a proxy may take to another site. */
const NOT_SAME_SITE_PATHS = [
  "/\\evil.example",
  "/\\evil.example/x.png",
  "/..//evil.example",
  "/../..//evil.example/x.png",
  "/.//evil.example",
  "//evil.example/x.png",
  "///evil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%5Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/ /evil.example",
  "/\u0000/x.png",
  "/%",
  "javascript:alert(1)",
  "images/a.png",
  "",
];

/** Absolute addresses that do not say plainly where they lead. */
const NOT_PLAIN_WEB_ADDRESSES = [
  "https:/\\evil.example",
  "https:\\\\evil.example",
  "https:evil.example",
  "https://evil.example/\tx",
  "https://www.linkedin.com/company/\nx",
  " https://x.example",
  "javascript:alert(1)",
  "data:image/png;base64,AAAA",
  "ftp://x.example/a.png",
  "/\\evil.example",
];

describe("sameSitePath", () => {
  it.each(NOT_SAME_SITE_PATHS)("refuses %j", (value) => {
    expect(sameSitePath(value, ORIGIN)).toBeNull();
  });

  it.each([
    ["/images/a.png", "/images/a.png"],
    ["/images/../images/a.png", "/images/a.png"],
    ["/contact?job=Cloud%20Engineer#form", "/contact?job=Cloud%20Engineer#form"],
    ["  /training  ", "/training"],
  ])("keeps %j as %j, which the browser resolves on this site", (value, path) => {
    expect(sameSitePath(value, ORIGIN)).toBe(path);
    expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
  });
});

describe("isWebAddress", () => {
  it.each(NOT_PLAIN_WEB_ADDRESSES)("refuses %j", (value) => {
    expect(isWebAddress(value)).toBe(false);
  });

  it.each(["https://www.linkedin.com/company/larkspire-digital", "http://example.com", "https://x.com/LarkspireHQ"])(
    "accepts %j",
    (value) => {
      expect(isWebAddress(value)).toBe(true);
    },
  );
});

describe("the CMS's address fields", () => {
  const featuredImage = (featuredImageUrl: string) =>
    contentFormSchema.safeParse({ title: "T", slug: "t", featuredImageUrl });

  it.each(["/\\evil.example", "/..//evil.example", "/%2F%2Fevil.example/a.png", "/\t/evil.example"])(
    "the featured image refuses %j with the field's message",
    (value) => {
      const result = featuredImage(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({
          path: ["featuredImageUrl"],
          message: "Enter an address starting with https:// or a path on this site starting with /",
        }),
      ]);
    },
  );

  it("the featured image keeps site paths and https addresses", () => {
    expect(featuredImage("/images/showcase-training-960.webp").data?.featuredImageUrl).toBe(
      "/images/showcase-training-960.webp",
    );
    expect(featuredImage("https://cdn.example.com/a.png").success).toBe(true);
  });

  it.each(["/\\evil.example", "https:/\\evil.example", "https://www.linkedin.com/\tx", "/..//evil.example"])(
    "a social (url) setting refuses %j with the field's message",
    (value) => {
      expect(checkSettingValue("url", value)).toEqual({
        success: false,
        error: "The value must be a full web address starting with http:// or https://.",
      });
    },
  );

  it("a social (url) setting keeps a plain address", () => {
    expect(checkSettingValue("url", " https://x.com/LarkspireHQ ")).toEqual({
      success: true,
      value: "https://x.com/LarkspireHQ",
    });
  });

  it.each(["/\\evil.example", "/..//evil.example", "/%5Cevil.example"])("a block's button refuses %j", (url) => {
    const result = BLOCK_DATA.hero.safeParse({ heading: "T", primaryCta: { label: "Go", url } });
    expect(result.error?.issues[0]).toMatchObject({
      path: ["primaryCta", "url"],
      message: "Primary button URL must start with / or be an http(s) address",
    });
    expect(BLOCK_DATA.hero.safeParse({ heading: "T", primaryCta: { label: "Go", url: "/contact" } }).success).toBe(
      true,
    );
  });
});
