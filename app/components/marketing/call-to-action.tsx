import { useId, type ReactNode } from "react";
import type { CallToAction } from "~/content/types";
import { PageActions } from "./page-actions";

/**
 * The band at the end of a page that asks the visitor to act: the copy's actions, or `children`
 * where a page needs other controls (the training page's PDF download).
 */
export function CallToActionBand({
  cta,
  children,
}: {
  cta: Pick<CallToAction, "title" | "text"> & Partial<Pick<CallToAction, "actions">>;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-primary text-primary-foreground">
      <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight">
          {cta.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg">{cta.text}</p>
        {children ?? <PageActions actions={cta.actions ?? []} inverted className="mt-8 justify-center" />}
      </div>
    </section>
  );
}
