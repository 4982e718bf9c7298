/** The canonical spelling of a page's address (canonical-address.server.ts), as a pure function. */
import { describe, expect, it } from "vitest";
import { canonicalPath } from "./canonical-address.server";

describe("canonicalPath", () => {
  it.each([
    ["/about/", "/about"],
    ["/About", "/about"],
    ["/ABOUT/", "/about"],
    ["/contact/", "/contact"],
    ["/about//", "/about"],
    ["/ai//conversational-ai", "/ai/conversational-ai"],
    ["/Careers/Senior-Engineer-ABCDEF12", "/careers/senior-engineer-abcdef12"],
    ["/content/My-Page/", "/content/my-page"],
    ["/cms/", "/cms"],
    ["//about", "/about"],
  ])("%s becomes %s", (pathname, canonical) => {
    expect(canonicalPath(pathname)).toBe(canonical);
  });

  it.each(["/", "/about", "/careers/senior-engineer-abcdef12", "/content/my-page", "/cms/content/new"])(
    "%s is canonical already",
    (pathname) => {
      expect(canonicalPath(pathname)).toBeNull();
    },
  );

  it.each([
    "/assets/Entry-AbC123.js",
    "/assets/",
    "/images/Hero.AVIF",
    "/Favicon.svg",
    "/robots.txt/",
    "/About.data",
    "/api/chat/",
    "/api/webhooks/stripe/",
    "/@vite/client",
    "/node_modules/.vite/deps/React.js",
  ])("files, static folders and APIs are left alone: %s", (pathname) => {
    expect(canonicalPath(pathname)).toBeNull();
  });

  it.each([
    ["/\\evil.example/", null],
    ["/\\Evil/", null],
    ["/a b/", null],
    ["//evil.example/", null],
    ["///evil.example//", null],
    ["//Evil//", "/evil"],
    ["/%09/evil/", "/%09/evil"],
  ])("never answers with an address a browser reads as another site: %s", (pathname, expected) => {
    const canonical = canonicalPath(pathname);
    expect(canonical).toBe(expected);
    if (canonical) expect(new URL(canonical, "https://www.example.co.uk").origin).toBe("https://www.example.co.uk");
  });
});
