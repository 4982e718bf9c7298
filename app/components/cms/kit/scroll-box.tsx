import { useEffect, useRef, useState, type ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * A box that scrolls sideways when its table is wider than the screen (a phone, a long word).
 *
 * - `relative`: the box is the containing block of the rows' visually hidden labels (absolutely
 *   positioned), which would otherwise stretch the whole page sideways.
 * - While it actually scrolls, it is a labelled region in the tab order, so a keyboard can scroll
 *   it (WCAG 2.1.1; axe's scrollable-region-focusable). While it fits it is no tab stop at all.
 */
export function ScrollBox({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className={cn(
        "relative overflow-x-auto overflow-y-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        className,
      )}
      {...(scrolls ? { tabIndex: 0, role: "region", "aria-label": label } : {})}
    >
      {children}
    </div>
  );
}
