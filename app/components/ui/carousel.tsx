import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import { cx } from "~/lib/class-names";
import { Button } from "./button";
import type CarouselEngine from "./carousel-engine";
import type { CarouselEngineApi } from "./carousel-engine";

/** Embla's module (carousel-engine.tsx) once loaded, for every carousel of the page. */
let loading: Promise<void> | undefined;
let LoadedEngine: typeof CarouselEngine | undefined;

/**
 * Embla (about 7 KB gzip) is not in the page's first scripts: it is imported once a carousel is in
 * the page, and the controls stay disabled until it runs, as they did before until Embla had
 * started (docs/decisions/028). Not React.lazy: a Suspense boundary holds new content
 * back for a moment (and for ever on a test's paused clock), which would delay the autoplay.
 */
function useEngineLoaded(): boolean {
  const [loaded, setLoaded] = useState(LoadedEngine !== undefined);
  useEffect(() => {
    if (loaded) return;
    let mounted = true;
    loading ??= import("./carousel-engine").then(
      (module) => {
        LoadedEngine = module.default;
      },
      // Offline, or a new release replaced the file: the slides stay, without movement.
      (error: unknown) => console.warn("The carousel could not load", error),
    );
    void loading.then(() => mounted && setLoaded(LoadedEngine !== undefined));
    return () => {
      mounted = false;
    };
  }, [loaded]);
  return loaded;
}

const SLIDES_PER_VIEW = {
  /** One slide at every width (the home page's hero). */
  one: "basis-full",
  /** One on small, two on medium, three on large screens (the services carousel). */
  responsive: "basis-full md:basis-1/2 lg:basis-1/3",
};

/**
 * A looping carousel that advances by itself every `autoplayMs`. Autoplay stops for good when the
 * visitor drags, presses a control or moves focus into it, pauses while the tab is hidden, never
 * starts for visitors who prefer reduced motion, and has a pause button (WCAG 2.2.2). The slides
 * are plain HTML from the server; the script only adds movement.
 */
export function Carousel({
  label,
  slides,
  autoplayMs,
  slidesPerView = "one",
  className,
}: {
  /** Names the carousel for screen readers, e.g. "Our Services in Action". */
  label: string;
  slides: readonly { key: string; content: ReactNode }[];
  autoplayMs: number;
  slidesPerView?: keyof typeof SLIDES_PER_VIEW;
  className?: string;
}) {
  // The viewport once in the page, then Embla on it once its code has loaded (carousel-engine.tsx).
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const engineLoaded = useEngineLoaded();
  const [engine, setEngine] = useState<CarouselEngineApi>();
  const embla = engine?.embla;
  const autoplay = engine?.autoplay;
  const [playing, setPlaying] = useState(false);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla || !autoplay) return;
    // The plugin announces a change before its own state flips, so each event says what it means.
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    // Autoplay started with Embla, before this subscription existed: read where it stands once.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing with an external system
    setPlaying(autoplay.isPlaying());
    embla.on("autoplay:play", onPlay).on("autoplay:stop", onStop).on("select", onSelect);
    return () => {
      embla.off("autoplay:play", onPlay).off("autoplay:stop", onStop).off("select", onSelect);
    };
  }, [embla, autoplay]);

  const stop = useCallback(() => autoplay?.stop(), [autoplay]);
  const previous = useCallback(() => {
    stop();
    embla?.scrollPrev();
  }, [embla, stop]);
  const next = useCallback(() => {
    stop();
    embla?.scrollNext();
  }, [embla, stop]);
  const togglePlaying = useCallback(() => {
    if (autoplay?.isPlaying()) autoplay.stop();
    else autoplay?.play();
  }, [autoplay]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-selected={selected}
      className={cx("relative", className)}
      // Focus anywhere inside (controls included) stops the movement, as interaction does.
      onFocus={(event) => {
        if (event.target !== event.currentTarget) stop();
      }}
    >
      <div ref={setViewport} className="overflow-hidden rounded-lg">
        <div className="-ml-4 flex touch-pan-y" aria-live={playing ? "off" : "polite"}>
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className={cx("min-w-0 shrink-0 grow-0 pl-4", SLIDES_PER_VIEW[slidesPerView])}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex items-center justify-end gap-2">
        <Button type="button" variant="outline" size="icon" onClick={togglePlaying} disabled={!embla}>
          {playing ? <Icon name="pause" /> : <Icon name="play" />}
          <span className="sr-only">{playing ? "Pause slideshow" : "Play slideshow"}</span>
        </Button>
        <Button type="button" variant="outline" size="icon" onClick={previous} disabled={!embla}>
          <Icon name="chevron-left" />
          <span className="sr-only">Previous slide</span>
        </Button>
        <Button type="button" variant="outline" size="icon" onClick={next} disabled={!embla}>
          <Icon name="chevron-right" />
          <span className="sr-only">Next slide</span>
        </Button>
      </div>
      {engineLoaded && LoadedEngine && viewport ? (
        <LoadedEngine viewport={viewport} autoplayMs={autoplayMs} onReady={setEngine} />
      ) : null}
    </section>
  );
}
