import { useLoaderData } from "react-router";
import { OverviewPageView } from "~/components/marketing/overview-page";
import { publicPageMeta } from "~/lib/meta";
import { faqPageJsonLd } from "~/lib/structured-data";
import { loadFamilyPage } from "~/server/content/marketing.server";
import type { Route } from "./+types/overview";

/** /ai, /cloud and /cybersecurity (and /case-studies/cyber-security, the same page). */
export async function loader({ request }: Route.LoaderArgs) {
  return { page: await loadFamilyPage(request, "overview") };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  publicPageMeta(matches, {
    title: loaderData?.page.seo.title ?? "Page not found",
    description: loaderData?.page.seo.description,
    path: loaderData?.page.path ?? "/",
    jsonLd: () => (loaderData ? [faqPageJsonLd(loaderData.page.faq.items)] : []),
  });

export default function OverviewRoute() {
  const { page } = useLoaderData<typeof loader>();
  return <OverviewPageView page={page} />;
}
