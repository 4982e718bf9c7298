import { describe, expect, it } from "vitest";
import { plainTextToRichText, richTextToPlainText } from "./plain-text";

describe("a description as plain text and as the editor's HTML", () => {
  it("gives the text of the editor's HTML with a blank line between blocks and entities decoded", () => {
    const html =
      "<h2>About</h2><p>We build <strong>cloud</strong> &amp; data.</p><ul><li><p>Go</p></li><li><p>SQL</p></li></ul>";
    expect(richTextToPlainText(html)).toBe("About\n\nWe build cloud & data.\n\nGo\nSQL");
  });

  it("turns a plain description into paragraphs and line breaks, escaped, never read as HTML", () => {
    expect(plainTextToRichText("First <b>line</b>\nsame paragraph\n\n  Second  \n\n")).toBe(
      "<p>First &lt;b&gt;line&lt;/b&gt;<br>same paragraph</p><p>Second</p>",
    );
  });
});
