import { QuoteIcon } from "lucide-react";

export interface TestimonialItem {
  id: string;
  quote: string;
  author: string;
  role?: string;
  company?: string;
}

/** "What our clients say": the active testimonial content blocks, as quotations with their source. */
export function Testimonials({ items }: { items: readonly TestimonialItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="border-t bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="testimonials-heading" className="text-3xl font-bold tracking-tight">
          What our clients say
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => {
            const source = [item.role, item.company].filter(Boolean).join(", ");
            return (
              <li key={item.id}>
                <figure className="flex h-full flex-col gap-4 rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
                  <QuoteIcon aria-hidden="true" className="size-6 text-primary" />
                  <blockquote className="flex-1 text-base leading-relaxed">
                    <p>{item.quote}</p>
                  </blockquote>
                  <figcaption className="text-sm">
                    <span className="block font-semibold">{item.author}</span>
                    {source ? <span className="block text-muted-foreground">{source}</span> : null}
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
