import type { ReactNode } from "react";
import type { Hero } from "~/content/types";
import { PageActions } from "./page-actions";

/**
 * The opening of a marketing page: eyebrow, the page's one <h1>, the lead and its actions, with
 * room above for breadcrumbs and beside it for a picture.
 */
export function PageHero({ hero, above, aside }: { hero: Hero; above?: ReactNode; aside?: ReactNode }) {
  return (
    <div className="border-b bg-gradient-to-b from-accent to-background">
      <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
        {above}
        <div className={aside ? "mt-8 grid items-center gap-10 lg:grid-cols-2" : "mt-8"}>
          <HeroText hero={hero} className="max-w-3xl" />
          {aside}
        </div>
      </div>
    </div>
  );
}

/** The hero's words: eyebrow, the page's one <h1>, the lead and its actions (the home page's too). */
export function HeroText({ hero, className }: { hero: Hero; className?: string }) {
  return (
    <div className={className}>
      {hero.eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{hero.eyebrow}</p>
      ) : null}
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{hero.title}</h1>
      <p className="mt-6 text-lg leading-8 text-muted-foreground">{hero.lead}</p>
      {hero.actions ? <PageActions actions={hero.actions} className="mt-8" /> : null}
    </div>
  );
}
