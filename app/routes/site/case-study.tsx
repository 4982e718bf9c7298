import { useLoaderData } from "react-router";
import { CaseStudyView } from "~/components/marketing/case-study-page";
import { breadcrumbTrail } from "~/lib/seo/breadcrumbs";
import { SHARE_IMAGE } from "~/lib/site/images";
import { publicPageMeta } from "~/lib/seo/meta";
import { articleJsonLd, breadcrumbListJsonLd, faqPageJsonLd } from "~/lib/seo/structured-data";
import { StaticHtmlView } from "~/components/site/static-html";
import { loadFamilyPage } from "~/server/content/marketing.server";
import { loadPageBlocks } from "~/server/content/page-blocks.server";
import { structuredDataSite } from "~/server/content/structured-data-site.server";
import type { Route } from "./+types/case-study";
import { blockHtml } from "./block-html.server";

/** Every case study, under /case-studies/... and /cloud/..., and their aliases. */
export async function loader({ request }: Route.LoaderArgs) {
  // The first active call to action goes before the footer (lib/blocks/block-placements.ts).
  const [study, blocks, { publicUrl, identity }] = await Promise.all([
    loadFamilyPage(request, "case-study"),
    loadPageBlocks(["cta"]),
    structuredDataSite(),
  ]);
  const cta = blocks.cta[0];
  return {
    study,
    cta: cta ? blockHtml(cta) : null,
    // Built here rather than in `meta`, so the builders stay out of the browser's bundle.
    jsonLd: [
      articleJsonLd(
        {
          headline: study.header.title,
          description: study.seo.description,
          path: study.path,
          published: study.published,
          modified: study.modified,
          imagePath: SHARE_IMAGE.path,
        },
        { name: identity.companyName, logoPath: "/favicon.svg" },
        publicUrl,
      ),
      breadcrumbListJsonLd(breadcrumbTrail(study), publicUrl),
      ...(study.faq ? [faqPageJsonLd(study.faq.items)] : []),
    ],
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  publicPageMeta(matches, {
    title: loaderData?.study.seo.title ?? "Page not found",
    description: loaderData?.study.seo.description,
    path: loaderData?.study.path ?? "/",
    type: "article",
    jsonLd: loaderData?.jsonLd,
  });

export default function CaseStudyRoute() {
  const { study, cta } = useLoaderData<typeof loader>();
  return (
    <>
      <CaseStudyView study={study} trail={breadcrumbTrail(study)} />
      {cta ? <StaticHtmlView part={cta} /> : null}
    </>
  );
}
