import { useId, type ReactNode } from "react";
import { cx } from "~/lib/class-names";

/**
 * One titled band of a marketing page: an <h2>, an optional introduction and the content, named by
 * its heading for assistive technology. Alternate tones separate neighbouring bands.
 */
export function PageSection({
  title,
  intro,
  tone = "plain",
  children,
  className,
}: {
  title: string;
  intro?: string;
  tone?: "plain" | "muted";
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cx(tone === "muted" && "bg-muted/50", className)}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-muted-foreground">{intro}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
