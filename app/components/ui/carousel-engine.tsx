import Autoplay, { type AutoplayType } from "embla-carousel-autoplay";
import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useEffect, useState } from "react";

export interface CarouselEngineApi {
  embla: NonNullable<UseEmblaCarouselType[1]>;
  autoplay: AutoplayType;
}

function prefersReducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Embla and its autoplay on a carousel's viewport (carousel.tsx), in a file of their own: the
 * carousel's markup and controls are on the page at once, and this (about 7 KB gzip) loads after
 * the page's first scripts, in the browser only. Renders nothing; hands Embla over once running.
 */
export default function CarouselEngine({
  viewport,
  autoplayMs,
  onReady,
}: {
  viewport: HTMLElement;
  autoplayMs: number;
  onReady: (engine: CarouselEngineApi) => void;
}) {
  const [autoplay] = useState(() =>
    Autoplay({ delay: autoplayMs, playOnInit: !prefersReducedMotion(), stopOnInteraction: true, stopOnFocusIn: true }),
  );
  // SPEC.md section 9: drag threshold 10, duration 25.
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: "start", dragThreshold: 10, duration: 25 }, [
    autoplay,
  ]);
  useEffect(() => viewportRef(viewport), [viewportRef, viewport]);
  useEffect(() => {
    if (embla) onReady({ embla, autoplay });
  }, [embla, autoplay, onReady]);
  return null;
}
