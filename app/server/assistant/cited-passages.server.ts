/**
 * The passages behind the links of a built-in answer. With a model, the prompt carries
 * what the built-in assistant would cite for the same conversation, so the model answers from the
 * same retrieval (the course a follow-up means, the list a question asks for, the contact details)
 * and not only from what a plain search of the last message finds.
 */
import type { Passage } from "./site-documents.server";

/** The targets of a reply's Markdown links, in order. */
export function linkTargets(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

/** A site path's page and fragment ("/training#course-aws"), or null for another kind of link. */
function sitePath(target: string): { page: string; withFragment: string } | null {
  if (!target.startsWith("/") || target.startsWith("//")) return null;
  const url = new URL(target, "http://site.invalid");
  return { page: url.pathname, withFragment: url.pathname + url.hash };
}

const pageOf = (passage: Passage) => passage.url.replace(/#.*$/, "");

/**
 * For each link of `answer`: the passage at exactly that address when it has a fragment; for a
 * page alone, the page's passage that ranks best in `ranked` (the search's hits for the question),
 * else the page's own, else its first; for an e-mail address or a phone number, the contact
 * details. Each passage once.
 */
export function citedPassages(
  passages: readonly Passage[],
  answer: string,
  ranked: readonly Passage[] = [],
): Passage[] {
  const cited = new Map<string, Passage>();
  const add = (passage: Passage | undefined) => {
    if (passage && !cited.has(passage.id)) cited.set(passage.id, passage);
  };
  for (const target of linkTargets(answer)) {
    if (/^(mailto|tel):/i.test(target)) {
      for (const passage of passages) if (passage.kind === "contact") add(passage);
      continue;
    }
    const path = sitePath(target);
    if (!path) continue;
    const onPage = (passage: Passage) => pageOf(passage) === path.page;
    const exact = passages.find((passage) => passage.url === path.withFragment);
    // A fragment names one passage; a page alone is best met by what the question found on it.
    add(path.withFragment !== path.page ? exact : (ranked.find(onPage) ?? exact ?? passages.find(onPage)));
  }
  return [...cited.values()];
}
