import { Link, useLoaderData } from "react-router";
import { useCan } from "~/components/cms/layout/cms-layout-data";
import { BackLink } from "~/components/cms/editor/back-link";
import { ContentArticle } from "~/components/site/content-article";
import { Badge } from "~/components/ui/badge";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { contentStatusTone } from "~/lib/schemas/content";
import { siteIdentityFromSettings } from "~/lib/site/site-identity";
import { toContentPageView } from "~/server/content/content.server";
import { getPublicSettings } from "~/server/content/site-settings.server";
import { requirePermission } from "~/server/auth/guards.server";
import { getDb } from "~/server/platform/db/database.server";
import type { Route } from "./+types/content-preview";
import { loadContentPreview } from "./content-editor.server";

/**
 * /cms/content/{id}/preview: an item as its public page will show it, whatever its status, for
 * whoever may read the content list (a draft is 404 on the public site).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "content.view");
  const item = await loadContentPreview(params.id);
  const settings = await getPublicSettings(getDb);
  return {
    item: toContentPageView(item, settings),
    siteName: siteIdentityFromSettings(settings).companyName,
  };
}

export default function ContentPreview() {
  const { item, siteName } = useLoaderData<typeof loader>();
  const canEdit = useCan("content.edit");
  return (
    <section aria-label="Preview" className="overflow-hidden rounded-lg border bg-background">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b bg-card px-4 py-3">
        <p className="flex items-center gap-2 text-sm">
          <span className="font-semibold">Preview</span>
          <Badge tone={contentStatusTone(item.status)}>{item.status}</Badge>
          {item.status === "published" ? (
            <Link to={`/content/${item.slug}`} className="text-primary underline underline-offset-4">
              View the public page
            </Link>
          ) : (
            <span className="text-muted-foreground">Not visible on the public site until published.</span>
          )}
        </p>
        {/* A role that may only read content (support) came from the list, and goes back to it. */}
        <BackLink to={canEdit ? `/cms/content/${item.id}` : "/cms/content"}>
          {canEdit ? "Back to the editor" : "Back to the content list"}
        </BackLink>
      </div>
      <ContentArticle item={item} siteName={siteName} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `Preview: ${loaderData?.item.title ?? "Content"} | Content | CMS` },
];

export function ErrorBoundary() {
  const link = { to: "/cms/content", label: "Back to the content list" };
  return (
    <GeneralErrorBoundary
      layout="card"
      byStatus={{ 404: { title: "Content not found", link } }}
      otherwise={{ title: "Failed to fetch content", link }}
    />
  );
}
