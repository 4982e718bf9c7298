import { describe, expect, it } from "vitest";
import { correctTypo, editDistance, expandShortForms, toSiteWords } from "./short-forms.server";

/** A small site vocabulary: the words a page uses, with how often. */
const VOCABULARY = new Map([
  ["kubernetes", 2],
  ["address", 4],
  ["penetration", 10],
  ["testing", 20],
  ["security", 124],
  ["sunday", 1],
  ["training", 30],
  ["trained", 2],
  ["migration", 12],
]);

describe("expandShortForms", () => {
  it("reads text-speak and the trade's short forms in the site's words", () => {
    expect(expandShortForms("can u tell me ur prices pls")).toBe("can you tell me your prices please");
    expect(expandShortForms("K8S help")).toBe("kubernetes help");
    expect(expandShortForms("any ML work?")).toBe("any machine learning work?");
    expect(expandShortForms("do you offer pen   testing")).toBe("do you offer penetration testing");
  });

  it("leaves words that only contain a short form alone", () => {
    expect(expandShortForms("return your mlops budget")).toBe("return your mlops budget");
    expect(expandShortForms("urgent")).toBe("urgent");
  });
});

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and adjacent swaps as one edit each", () => {
    expect(editDistance("adress", "address")).toBe(1);
    expect(editDistance("secuirty", "security")).toBe(1);
    expect(editDistance("kubernets", "kubernetes")).toBe(1);
    expect(editDistance("cloud", "cloud")).toBe(0);
  });

  it("stops past its limit", () => {
    expect(editDistance("weather", "whether", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });
});

describe("correctTypo", () => {
  it("corrects a word one edit (two for a long word) from a site word", () => {
    expect(correctTypo("adress", VOCABULARY)).toBe("address");
    expect(correctTypo("penetraton", VOCABULARY)).toBe("penetration");
    expect(correctTypo("migratoin", VOCABULARY)).toBe("migration");
  });

  it("leaves site words, short words, numbers and words too far from any site word alone", () => {
    expect(correctTypo("security", VOCABULARY)).toBeUndefined();
    expect(correctTypo("sunda", VOCABULARY)).toBe("sunday");
    expect(correctTypo("aws", VOCABULARY)).toBeUndefined();
    expect(correctTypo("27001", VOCABULARY)).toBeUndefined();
    expect(correctTypo("laptops", VOCABULARY)).toBeUndefined();
  });

  it("prefers the closest, then the commonest word, the same every time", () => {
    // "trainin" is one edit from "training" and two from "trained": the closest wins.
    expect(correctTypo("trainin", VOCABULARY)).toBe("training");
  });
});

describe("toSiteWords", () => {
  it("expands short forms, then corrects typos of the site's words", () => {
    expect(toSiteWords("whats ur adress", VOCABULARY)).toBe("what is your address");
    expect(toSiteWords("hw much is the kubernets course", VOCABULARY)).toBe("how much is the kubernetes course");
  });

  it("never corrects filler into a site word", () => {
    expect(toSiteWords("security stuff", new Map([...VOCABULARY, ["staff", 3]]))).toBe("security stuff");
  });
});
