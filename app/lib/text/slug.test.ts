import { describe, expect, it } from "vitest";
import { isValidSlug, slugify } from "./slug";

describe("slugify", () => {
  it("follows the spec's rule for a typical title", () => {
    expect(slugify("Hello, World!  Again")).toBe("hello-world-again");
  });

  it("lower-cases and keeps letters, digits and hyphens", () => {
    expect(slugify("AWS 2025 Re-Invent Recap")).toBe("aws-2025-re-invent-recap");
  });

  it("turns runs of whitespace (tabs, new lines) into one hyphen", () => {
    expect(slugify("one \t two\n\nthree")).toBe("one-two-three");
  });

  it("collapses repeated hyphens and trims them from both ends", () => {
    expect(slugify("--Cloud -- Security--")).toBe("cloud-security");
    expect(slugify("a - b")).toBe("a-b");
  });

  it("removes punctuation and symbols", () => {
    expect(slugify("What's new? (Q3) & more: 100%")).toBe("whats-new-q3-more-100");
  });

  it("keeps the base letter of accented characters", () => {
    expect(slugify("Café Société")).toBe("cafe-societe");
  });

  it("returns an empty string when nothing usable is left", () => {
    expect(slugify("  !!! ")).toBe("");
    expect(slugify("")).toBe("");
  });

  it("always produces a valid slug when it produces anything", () => {
    for (const title of ["Hello, World!  Again", "  x  ", "A_B", "Über-Größe 2", "--a--b--"]) {
      const slug = slugify(title);
      if (slug) expect(isValidSlug(slug), `${title} → ${slug}`).toBe(true);
    }
  });
});

describe("isValidSlug", () => {
  it("accepts lower-case words separated by single hyphens", () => {
    expect(isValidSlug("hello")).toBe(true);
    expect(isValidSlug("hello-world-2")).toBe(true);
  });

  it("rejects upper case, spaces, double, leading or trailing hyphens and other characters", () => {
    for (const slug of ["Hello", "hello world", "hello--world", "-hello", "hello-", "hello_world", "", "a/b"]) {
      expect(isValidSlug(slug), slug).toBe(false);
    }
  });
});
