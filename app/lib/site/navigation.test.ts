// @vitest-environment node
import { describe, expect, it } from "vitest";
import { DEFAULT_NAV_ITEMS, LEGAL_MENU_URL, SERVICES_MENU_URL, classifyNavItem, isCurrentPath } from "./navigation";

describe("DEFAULT_NAV_ITEMS", () => {
  it("is the spec's main menu in order", () => {
    expect(DEFAULT_NAV_ITEMS.map((item) => item.title)).toEqual([
      "Home",
      "About",
      "Services",
      "Training",
      "Contact",
      "Legal",
    ]);
    expect(DEFAULT_NAV_ITEMS[0]).toEqual({ title: "Home", url: "/" });
  });
});

describe("classifyNavItem", () => {
  it("opens the services dropdown for the services URL", () => {
    const item = { title: "What we do", url: SERVICES_MENU_URL };
    expect(classifyNavItem(item)).toEqual({ kind: "services", item });
    expect(SERVICES_MENU_URL).toBe("/services");
  });

  it("opens the legal dropdown for the legal URL", () => {
    const item = { title: "Legal", url: LEGAL_MENU_URL };
    expect(classifyNavItem(item)).toEqual({ kind: "legal", item });
    expect(LEGAL_MENU_URL).toBe("/legal");
  });

  it("links straight to any other URL, including pages below services and legal", () => {
    for (const url of ["/", "/about", "/services/ai", "/legal/privacy", "https://example.com/services"]) {
      const item = { title: "Link", url };
      expect(classifyNavItem(item)).toEqual({ kind: "link", item });
    }
  });
});

describe("isCurrentPath", () => {
  it("matches Home only on the home page", () => {
    expect(isCurrentPath("/", "/")).toBe(true);
    expect(isCurrentPath("/", "/about")).toBe(false);
  });

  it("matches a page and the pages below it", () => {
    expect(isCurrentPath("/training", "/training")).toBe(true);
    expect(isCurrentPath("/services", "/services/cloud/aws")).toBe(true);
  });

  it("does not match a page that only starts with the same letters", () => {
    expect(isCurrentPath("/about", "/about-us")).toBe(false);
    expect(isCurrentPath("/contact", "/contacts/new")).toBe(false);
  });

  it("does not match other pages", () => {
    expect(isCurrentPath("/training", "/")).toBe(false);
    expect(isCurrentPath("/services/ai", "/services")).toBe(false);
  });
});
