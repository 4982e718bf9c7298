import { Link, useLoaderData } from "react-router";
import { Pagination } from "~/components/cms/kit/pagination";
import { publicPageMeta } from "~/lib/seo/meta";
import { pageFromSearch } from "~/lib/cms/pagination";
import { getPublishedContentPage } from "~/server/content/content.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import type { ContentType } from "~/lib/enums";
import type { Route } from "./+types/blog";
import { formatDate } from "~/lib/text/format";

const BLOG_PAGE_SIZE = 10;
const CONTENT_LOAD_FAILED_TEXT = "Failed to load content";

/**
 * The other published content (pages, services, case studies) under these headings, in this order.
 * The blog's first page lists them, so every published item is a link away from the footer.
 */
const OTHER_CONTENT_GROUPS = [
  { type: "case_study", heading: "Case studies" },
  { type: "service", heading: "Services" },
  { type: "page", heading: "Pages" },
] as const satisfies readonly { type: Exclude<ContentType, "blog_post">; heading: string }[];

/**
 * /blog: the published blog posts, newest publication first, ten to a page; on the first page,
 * links to every other published item as well.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const page = pageFromSearch(new URL(request.url).searchParams);
  try {
    const { items, total } = await getPublishedContentPage(getDb, {
      type: "blog_post",
      page,
      pageSize: BLOG_PAGE_SIZE,
    });
    const others = page === 1 ? await otherPublishedContent() : [];
    return {
      page,
      total,
      failed: false,
      posts: items.map((item) => ({
        id: item.id,
        title: item.title,
        slug: item.slug,
        excerpt: item.excerpt,
        publishedAt: item.publishedAt?.toISOString() ?? null,
        publishedLabel: item.publishedAt ? formatDate(item.publishedAt, "long") : null,
      })),
      others,
    };
  } catch (error) {
    logger.error({ err: error }, "could not load the blog posts");
    return { page, total: 0, failed: true, posts: [], others: [] };
  }
}

/** Every published item that is not a blog post, grouped by type (empty groups left out). */
async function otherPublishedContent() {
  const groups = await Promise.all(
    OTHER_CONTENT_GROUPS.map(async ({ type, heading }) => {
      // Published items are few and cached in memory; a page size of "all of them" is cheap.
      const { items } = await getPublishedContentPage(getDb, { type, pageSize: Number.MAX_SAFE_INTEGER });
      return { type, heading, items: items.map(({ id, title, slug, excerpt }) => ({ id, title, slug, excerpt })) };
    }),
  );
  return groups.filter((group) => group.items.length > 0);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    title: "Blog",
    description: "News, guides and insights from our consultants.",
    path: "/blog",
  });

export default function Blog() {
  const { posts, page, total, failed, others } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold tracking-tight">Blog</h1>
      <p className="mt-3 text-lg text-muted-foreground">News, guides and insights from our consultants.</p>
      {failed ? (
        <p role="alert" className="mt-8 rounded-md border border-destructive px-4 py-3">
          {CONTENT_LOAD_FAILED_TEXT}
        </p>
      ) : posts.length === 0 ? (
        <p className="mt-8 text-muted-foreground">No blog posts have been published yet.</p>
      ) : (
        <ul className="mt-10 grid gap-8" data-testid="blog-posts">
          {posts.map((post) => (
            <li key={post.id} className="border-b pb-8 last:border-0">
              <article>
                <h2 className="text-2xl font-semibold">
                  <Link to={`/content/${post.slug}`} className="hover:underline">
                    {post.title}
                  </Link>
                </h2>
                {post.publishedAt && post.publishedLabel ? (
                  <p className="mt-1 text-sm text-muted-foreground">
                    <time dateTime={post.publishedAt}>{post.publishedLabel}</time>
                  </p>
                ) : null}
                {post.excerpt ? <p className="mt-3 text-muted-foreground">{post.excerpt}</p> : null}
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} total={total} pageSize={BLOG_PAGE_SIZE} />
      {others.length > 0 ? (
        <section aria-labelledby="more-to-read-heading" className="mt-16 border-t pt-10">
          <h2 id="more-to-read-heading" className="text-2xl font-semibold">
            More to read
          </h2>
          {others.map((group) => (
            <section key={group.type} aria-labelledby={`more-${group.type}`} className="mt-8">
              <h3 id={`more-${group.type}`} className="text-lg font-semibold">
                {group.heading}
              </h3>
              <ul className="mt-3 grid gap-4">
                {group.items.map((item) => (
                  <li key={item.id}>
                    <Link
                      to={`/content/${item.slug}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {item.title}
                    </Link>
                    {item.excerpt ? <p className="mt-1 text-sm text-muted-foreground">{item.excerpt}</p> : null}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </section>
      ) : null}
    </section>
  );
}
