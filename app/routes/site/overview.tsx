import { useLoaderData } from "react-router";
import { OverviewPageView } from "~/components/marketing/overview-page";
import { familyPageMeta } from "~/lib/seo/meta";
import { faqPageJsonLd } from "~/lib/seo/structured-data";
import { StaticHtmlView } from "~/components/site/static-html";
import { loadFamilyPage } from "~/server/content/marketing.server";
import { loadPageBlocks } from "~/server/content/page-blocks.server";
import type { Route } from "./+types/overview";
import { testimonialsHtml } from "./block-html.server";

/** /ai, /cloud and /cybersecurity (and /case-studies/cyber-security, the same page). */
export async function loader({ request }: Route.LoaderArgs) {
  const page = await loadFamilyPage(request, "overview");
  // The cloud page shows the testimonials too (lib/blocks/block-placements.ts).
  const testimonials = page.path === "/cloud" ? (await loadPageBlocks(["testimonial"])).testimonial : [];
  return {
    page,
    testimonials: testimonialsHtml(testimonials),
    // Built here rather than in `meta`, so the builders stay out of the browser's bundle.
    jsonLd: [faqPageJsonLd(page.faq.items)],
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => familyPageMeta(matches, loaderData);

export default function OverviewRoute() {
  const { page, testimonials } = useLoaderData<typeof loader>();
  return <OverviewPageView page={page} beforeClosing={testimonials ? <StaticHtmlView part={testimonials} /> : null} />;
}
