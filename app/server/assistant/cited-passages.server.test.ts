import { describe, expect, it } from "vitest";
import { citedPassages, linkTargets } from "./cited-passages.server";
import type { Passage } from "./site-documents.server";

function passage(id: string, url: string, kind: Passage["kind"] = "page"): Passage {
  return { id, kind, url, pageTitle: id, heading: id, text: `The text of ${id}.` };
}

const passages = [
  passage("training-intro", "/training"),
  passage("training-faq", "/training#faq"),
  passage("aws", "/training#course-aws", "course"),
  passage("kubernetes", "/training#course-kubernetes", "course"),
  passage("contact-page", "/contact"),
  passage("contact-details", "/contact#details", "contact"),
  passage("hours", "/contact#hours", "hours"),
];

describe("linkTargets", () => {
  it("lists the targets of a reply's Markdown links in order", () => {
    expect(linkTargets("See [Training](/training#course-aws) or [mail us](mailto:a@b.example).")).toEqual([
      "/training#course-aws",
      "mailto:a@b.example",
    ]);
    expect(linkTargets("No links here (none)")).toEqual([]);
  });
});

describe("citedPassages", () => {
  const ids = (found: Passage[]) => found.map((item) => item.id);

  it("finds the passage at exactly the address a link gives", () => {
    expect(ids(citedPassages(passages, "Costs £1,699: [Kubernetes](/training#course-kubernetes)."))).toEqual([
      "kubernetes",
    ]);
  });

  it("for a page without a fragment, takes the page's passage the search ranked best, else its first", () => {
    const ranked = [passages[3]!, passages[1]!];
    expect(ids(citedPassages(passages, "See our [Training](/training) page.", ranked))).toEqual(["kubernetes"]);
    expect(ids(citedPassages(passages, "See our [Training](/training) page."))).toEqual(["training-intro"]);
  });

  it("takes the page of a link with a query (the apply form) and the contact details for e-mail and phone links", () => {
    expect(
      ids(
        citedPassages(
          passages,
          "[Apply](/contact?job=Analyst), [e-mail](mailto:jobs@example.com), [call](tel:+441234567890)",
        ),
      ),
    ).toEqual(["contact-page", "contact-details"]);
  });

  it("gives each passage once and ignores links that do not lead to a page of this site", () => {
    const answer =
      "[AWS](/training#course-aws), [again](/training#course-aws), [elsewhere](https://evil.example/training), [host](//evil.example), [nowhere](/no-such-page)";
    expect(ids(citedPassages(passages, answer))).toEqual(["aws"]);
  });
});
