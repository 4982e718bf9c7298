import { useLoaderData } from "react-router";
import { ServicePageView } from "~/components/marketing/service-page";
import { breadcrumbTrail } from "~/lib/breadcrumbs";
import { publicPageMeta } from "~/lib/meta";
import { breadcrumbListJsonLd, faqPageJsonLd } from "~/lib/structured-data";
import { loadFamilyPage } from "~/server/content/marketing.server";
import type { Route } from "./+types/service-page";

/** The four /ai/... service pages and Data Lake & Analytics (also at /data-lake-analytics). */
export async function loader({ request }: Route.LoaderArgs) {
  return { page: await loadFamilyPage(request, "service") };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  publicPageMeta(matches, {
    title: loaderData?.page.seo.title ?? "Page not found",
    description: loaderData?.page.seo.description,
    path: loaderData?.page.path ?? "/",
    jsonLd: ({ publicUrl }) =>
      loaderData
        ? [faqPageJsonLd(loaderData.page.faq.items), breadcrumbListJsonLd(breadcrumbTrail(loaderData.page), publicUrl)]
        : [],
  });

export default function ServicePageRoute() {
  const { page } = useLoaderData<typeof loader>();
  return <ServicePageView page={page} trail={breadcrumbTrail(page)} />;
}
