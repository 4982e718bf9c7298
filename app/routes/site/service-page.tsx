import { useLoaderData } from "react-router";
import { ServicePageView } from "~/components/marketing/service-page";
import { breadcrumbTrail } from "~/lib/seo/breadcrumbs";
import { familyPageMeta } from "~/lib/seo/meta";
import { breadcrumbListJsonLd, faqPageJsonLd } from "~/lib/seo/structured-data";
import { StaticHtmlView } from "~/components/site/static-html";
import { loadFamilyPage } from "~/server/content/marketing.server";
import { loadPageBlocks } from "~/server/content/page-blocks.server";
import { structuredDataSite } from "~/server/content/structured-data-site.server";
import type { Route } from "./+types/service-page";
import { blockHtml } from "./block-html.server";

/** The four /ai/... service pages and Data Lake & Analytics (also at /data-lake-analytics). */
export async function loader({ request }: Route.LoaderArgs) {
  // The first active call to action goes before the footer (lib/blocks/block-placements.ts).
  const [page, blocks, { publicUrl }] = await Promise.all([
    loadFamilyPage(request, "service"),
    loadPageBlocks(["cta"]),
    structuredDataSite(),
  ]);
  const cta = blocks.cta[0];
  return {
    page,
    cta: cta ? blockHtml(cta) : null,
    // Built here rather than in `meta`, so the builders stay out of the browser's bundle.
    jsonLd: [faqPageJsonLd(page.faq.items), breadcrumbListJsonLd(breadcrumbTrail(page), publicUrl)],
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => familyPageMeta(matches, loaderData);

export default function ServicePageRoute() {
  const { page, cta } = useLoaderData<typeof loader>();
  return (
    <>
      <ServicePageView page={page} trail={breadcrumbTrail(page)} />
      {cta ? <StaticHtmlView part={cta} /> : null}
    </>
  );
}
