import { data, isRouteErrorResponse, useLoaderData } from "react-router";
import { ContentArticle } from "~/components/site/content-article";
import { StaticHtmlView } from "~/components/site/static-html";
import { siteIdentityFromSettings } from "~/lib/site/site-identity";
import { pageMeta, publicPageMeta, siteLayoutData } from "~/lib/seo/meta";
import { isValidSlug } from "~/lib/text/slug";
import { findPublishedContent, publishedContentPageView } from "~/server/content/content.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { getPublicSettings } from "~/server/content/site-settings.server";
import { libraryImageFor } from "~/server/media/public-images.server";
import { withResponsiveImages } from "~/server/content/rich-text-images.server";
import type { Route } from "./+types/content";
import { drawStaticHtml } from "./static-html.server";
import { failureStatus } from "~/server/platform/db/database-unavailable.server";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";

const CONTENT_NOT_FOUND = "Content Not Found";
const CONTENT_NOT_FOUND_MESSAGE = "The requested content could not be found.";
const CONTENT_LOAD_FAILED = "Failed to load content";

/**
 * /content/{slug}: one published item, rendered on the server (SPEC.md "Public content page").
 * Drafts, archived and unknown slugs answer 404; a database failure answers 500 without details.
 * The article is static, so it is drawn here and travels as HTML (lib/browser/static-html.ts): the page
 * needs none of its code in the browser. The CMS preview renders the same component.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const slug = params.slug;
  if (!isValidSlug(slug)) throw data({ reason: "not-found" }, { status: 404 });
  let item;
  try {
    item = await findPublishedContent(getDb, slug);
  } catch (error) {
    logger.error({ err: error, slug }, "could not load a content item");
    throw data({ reason: "failed" }, { status: failureStatus(error) });
  }
  if (!item) throw data({ reason: "not-found" }, { status: 404 });
  const [settings, library] = await Promise.all([
    getPublicSettings(getDb),
    // A featured image from the media library is shown responsively and shared as its social card.
    libraryImageFor(getDb, item.featuredImageUrl),
  ]);
  const view = publishedContentPageView(item, settings);
  view.html = await withResponsiveImages(getDb, view.html);
  const siteName = siteIdentityFromSettings(settings).companyName;
  return {
    // What meta needs; the rest of the view is in the article's HTML.
    item: { title: view.title, metaTitle: view.metaTitle, metaDescription: view.metaDescription, slug: view.slug },
    article: {
      id: "article",
      html: drawStaticHtml(
        <ContentArticle item={view} image={library?.image ?? null} siteName={siteName} />,
        "article-",
      ),
    },
    socialImage: library?.socialPath ?? null,
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, error }) => {
  const layout = siteLayoutData(matches);
  if (!loaderData) {
    const failed = isRouteErrorResponse(error) && error.status !== 404;
    return [
      ...pageMeta({ title: failed ? CONTENT_LOAD_FAILED : CONTENT_NOT_FOUND }),
      { name: "robots", content: "noindex" },
    ];
  }
  const { item, socialImage } = loaderData;
  // The editor's SEO title as written; without one, the site's title (SPEC.md section 3).
  return publicPageMeta(matches, {
    title: item.metaTitle || layout?.identity.siteTitle || item.title,
    verbatimTitle: true,
    description: item.metaDescription || undefined,
    path: `/content/${item.slug}`,
    type: "article",
    imagePath: socialImage,
  });
};

export default function ContentPage() {
  const { article } = useLoaderData<typeof loader>();
  return <StaticHtmlView part={article} />;
}

/** Not found (404), or the content could not be loaded (500): inside the site's layout. */
export function ErrorBoundary() {
  const link = { to: "/", label: "Return to Home" };
  return (
    <GeneralErrorBoundary
      byStatus={{ 404: { title: CONTENT_NOT_FOUND, message: CONTENT_NOT_FOUND_MESSAGE, link } }}
      otherwise={{ title: CONTENT_LOAD_FAILED, message: "Please try again in a few minutes.", link }}
    />
  );
}
