import { HeroText } from "~/components/marketing/page-hero";
import type { BlockDataOf } from "~/lib/blocks/block-data";
import { sameSitePath } from "~/lib/text/safe-links";
import { BlockLink } from "./block-link";
import { Button } from "~/components/ui/button";

/**
 * A hero's words: the page's one <h1>, the subheading and up to two buttons, laid out as the
 * page's own hero text (HeroText) so the page keeps its look when a hero block takes over.
 */
export function HeroBlock({ data, className }: { data: BlockDataOf<"hero">; className?: string }) {
  const buttons = [data.primaryCta, data.secondaryCta].filter((button) => button !== undefined);
  // Site paths go through HeroText's own buttons; an outside address needs a plain link.
  if (buttons.every((button) => sameSitePath(button.url) !== null)) {
    return (
      <HeroText
        className={className}
        hero={{
          title: data.heading,
          lead: data.subheading ?? "",
          actions: buttons.map((button) => ({ kind: "link", label: button.label, href: sameSitePath(button.url)! })),
        }}
      />
    );
  }
  return (
    <div className={className}>
      <HeroText hero={{ title: data.heading, lead: data.subheading ?? "" }} />
      <div className="mt-8 flex flex-wrap gap-3">
        {buttons.map((button, index) => (
          <Button key={button.label} asChild size="lg" variant={index === 0 ? "default" : "outline"}>
            <BlockLink href={button.url}>{button.label}</BlockLink>
          </Button>
        ))}
      </div>
    </div>
  );
}
