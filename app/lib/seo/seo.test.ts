import { describe, expect, it } from "vitest";
import { characterCount, META_DESCRIPTION_AIM, META_TITLE_AIM, previewText } from "./seo";

describe("the SEO panel's counters", () => {
  it("count against the aim, and say by how much a text is over it", () => {
    expect(characterCount(42, META_TITLE_AIM)).toEqual({ text: "42 of 60 characters", over: false });
    expect(characterCount(60, META_TITLE_AIM)).toEqual({ text: "60 of 60 characters", over: false });
    expect(characterCount(165, META_DESCRIPTION_AIM)).toEqual({
      text: "165 characters: 5 over the recommended 160",
      over: true,
    });
  });

  it("cut a preview at a word with an ellipsis, leaving short text alone", () => {
    expect(previewText("  Short   title ", 60)).toBe("Short title");
    const long = "Cloud migration for regulated industries without downtime or surprises on the invoice";
    const preview = previewText(long, 60);
    expect(preview.length).toBeLessThanOrEqual(60);
    expect(preview).toBe("Cloud migration for regulated industries without downtime…");
  });
});
