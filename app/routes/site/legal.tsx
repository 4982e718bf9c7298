import { data, useLoaderData } from "react-router";
import { LegalPageView } from "~/components/marketing/legal-page";
import { LEGAL_PAGES, type LegalPage } from "~/content/legal";
import { formatDate } from "~/lib/text/format";
import { pageMeta, publicPageMeta } from "~/lib/seo/meta";
import { applyPlaceholders } from "~/lib/site/placeholders";
import { getDb } from "~/server/platform/db/database.server";
import { getPublicSettings } from "~/server/content/site-settings.server";
import type { Route } from "./+types/legal";

/** The page for this address: the three legal routes share this module. */
function pageFor(request: Request): LegalPage | undefined {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  return Object.hasOwn(LEGAL_PAGES, slug) ? LEGAL_PAGES[slug as LegalPage["slug"]] : undefined;
}

/** Fills the company's details ({{company_name}} and the like) from the public site settings. */
function withSettings(page: LegalPage, settings: Readonly<Record<string, string>>): LegalPage {
  const fill = (text: string) => applyPlaceholders(text, settings);
  return {
    ...page,
    intro: fill(page.intro),
    sections: page.sections.map((section) => ({
      ...section,
      paragraphs: section.paragraphs.map(fill),
      list: section.list?.map(fill),
      table: section.table ? { ...section.table, rows: section.table.rows.map((row) => row.map(fill)) } : undefined,
    })),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const page = pageFor(request);
  if (!page) throw data(null, { status: 404 });
  // The date is written here, on the server: formatting it while the page hydrates would cost the
  // browser the start-up of its first Intl object (docs/decisions/033).
  return {
    page: withSettings(page, await getPublicSettings(getDb)),
    lastUpdatedText: formatDate(page.lastUpdated, "long"),
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, location }) =>
  loaderData
    ? publicPageMeta(matches, {
        title: loaderData.page.title,
        description: loaderData.page.description,
        path: location.pathname,
      })
    : pageMeta({ title: "Page not found" });

export default function LegalRoute() {
  const { page, lastUpdatedText } = useLoaderData<typeof loader>();
  return <LegalPageView page={page} lastUpdatedText={lastUpdatedText} />;
}
