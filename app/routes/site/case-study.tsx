import { useLoaderData } from "react-router";
import { CaseStudyView } from "~/components/marketing/case-study-page";
import { breadcrumbTrail } from "~/lib/breadcrumbs";
import { SHARE_IMAGE } from "~/lib/images";
import { publicPageMeta } from "~/lib/meta";
import { articleJsonLd, breadcrumbListJsonLd, faqPageJsonLd } from "~/lib/structured-data";
import { StaticHtmlView } from "~/components/site/static-html";
import { loadFamilyPage } from "~/server/content/marketing.server";
import { loadPageBlocks } from "~/server/content/page-blocks.server";
import type { Route } from "./+types/case-study";
import { blockHtml } from "./block-html.server";

/** Every case study, under /case-studies/... and /cloud/..., and their aliases. */
export async function loader({ request }: Route.LoaderArgs) {
  // The first active call to action goes before the footer (lib/blocks/block-placements.ts).
  const [study, blocks] = await Promise.all([loadFamilyPage(request, "case-study"), loadPageBlocks(["cta"])]);
  const cta = blocks.cta[0];
  return { study, cta: cta ? blockHtml(cta) : null };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  publicPageMeta(matches, {
    title: loaderData?.study.seo.title ?? "Page not found",
    description: loaderData?.study.seo.description,
    path: loaderData?.study.path ?? "/",
    type: "article",
    jsonLd: ({ publicUrl, identity }) => {
      if (!loaderData) return [];
      const { study } = loaderData;
      return [
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
      ];
    },
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
