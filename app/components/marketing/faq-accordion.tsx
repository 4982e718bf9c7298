import { Accordion } from "radix-ui";
import type { FaqItem } from "~/content/types";
import { Icon } from "~/components/ui/icon";

/**
 * Questions and answers: one item open at a time, and the open one closes again when chosen
 * (SPEC.md "AI pages"). Radix gives the buttons aria-expanded and arrow-key movement; the answers
 * are in the HTML from the start, so search engines read them and the FAQPage data matches. Pages
 * show it through FaqSection (faq-section.tsx), which keeps this file out of their first load.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      data-slot="faq"
      className="divide-y rounded-lg border bg-card text-card-foreground"
    >
      {items.map((item, index) => (
        <Accordion.Item key={item.question} value={`faq-${index}`}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-6 py-4 text-left font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                {item.question}
                <Icon
                  name="chevron-down"
                  className="size-5 shrink-0 transition-transform group-data-[state=open]:rotate-180"
                />
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content
            forceMount
            className="px-6 pb-5 leading-7 text-muted-foreground data-[state=closed]:hidden"
          >
            {item.answer}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
