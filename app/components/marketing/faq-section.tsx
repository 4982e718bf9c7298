import { hydrateLater } from "~/components/ui/hydrate-later";
import type { FaqItem, Section } from "~/content/types";
import { PageSection } from "./page-section";

/** The accordion (with Radix's, about 8 KB gzip) loads after the page's first scripts. */
const FaqAccordion = hydrateLater("The FAQ accordion", () =>
  import("./faq-accordion").then((module) => module.FaqAccordion),
);

/** A page's questions and answers as a section of their own, as every page family shows them. */
export function FaqSection({ faq }: { faq: Section<FaqItem> }) {
  return (
    <PageSection title={faq.title} intro={faq.intro}>
      <div className="max-w-3xl">
        <FaqAccordion items={faq.items} />
      </div>
    </PageSection>
  );
}
