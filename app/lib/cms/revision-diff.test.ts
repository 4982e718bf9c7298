import { describe, expect, it } from "vitest";
import { diffRevisions, htmlToText } from "./revision-diff";

const FIELDS = [
  { field: "title", label: "Title" },
  { field: "content", label: "Body", html: true },
] as const;

describe("diffRevisions", () => {
  it("marks the words added and removed in each field, and says which fields did not change", () => {
    const [title, body] = diffRevisions(
      { title: "Same title", content: "<p>The <strong>quick</strong> brown fox</p>" },
      { title: "Same title", content: "<p>The slow brown fox jumps</p>" },
      FIELDS,
    );
    expect(title).toMatchObject({ changed: false, parts: [{ value: "Same title", change: "same" }] });
    expect(body!.changed).toBe(true);
    expect(body!.parts.filter((part) => part.change === "removed").map((part) => part.value.trim())).toEqual(["quick"]);
    expect(body!.parts.filter((part) => part.change === "added").map((part) => part.value.trim())).toEqual([
      "slow",
      "jumps",
    ]);
  });

  it("compares a body by its text: markup that moved is not a change", () => {
    const [, body] = diffRevisions(
      { title: "", content: "<p>Hello <em>world</em></p>" },
      { title: "", content: "<p>Hello <strong>world</strong></p>" },
      FIELDS,
    );
    expect(body!.changed).toBe(false);
  });

  it("treats a missing field as empty", () => {
    const [title] = diffRevisions({}, { title: "New" }, FIELDS);
    expect(title!.parts).toEqual([{ value: "New", change: "added" }]);
  });
});

describe("htmlToText", () => {
  it("keeps the text, drops tags and scripts, and decodes common entities", () => {
    expect(htmlToText("<h2>A &amp; B</h2><p>One<br>two</p><script>alert(1)</script>")).toBe("A & B\nOne\ntwo");
  });
});
