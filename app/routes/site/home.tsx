import { Link, useLoaderData, useRouteLoaderData } from "react-router";
import { Testimonials } from "~/components/site/testimonials";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { listActiveBlocks, toTestimonials } from "~/server/content-blocks.server";
import { getDb } from "~/server/database.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./layout";

export const meta: Route.MetaFunction = ({ matches }) => {
  const layout = matches.find((match) => match?.id === "routes/site/layout")?.data as
    Awaited<ReturnType<typeof layoutLoader>> | undefined;
  return pageMeta({
    title: layout?.identity.siteTitle ?? "Home",
    description: layout?.identity.siteDescription,
  });
};

/** The active testimonial blocks; the page renders without them when they cannot be read. */
export async function loader(_: Route.LoaderArgs) {
  try {
    return { testimonials: toTestimonials(await listActiveBlocks(await getDb(), "testimonial")) };
  } catch (error) {
    logger.error({ err: error }, "could not load testimonials");
    return { testimonials: [] };
  }
}

/**
 * The home page's opening. The marketing issue replaces it with the full page of SPEC.md ("Home");
 * until then it introduces the company from its settings and links to what exists.
 */
export default function Home() {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/site/layout");
  const identity = layout?.identity;
  const { testimonials } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Innovate, Invest, Implement</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          {identity?.companyName ?? "Technology services"}: technology that moves your business forward
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-muted-foreground">{identity?.siteDescription}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/services">Our Solutions</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/contact">Partner With Us</Link>
          </Button>
        </div>
      </section>
      <Testimonials items={testimonials} />
    </>
  );
}
