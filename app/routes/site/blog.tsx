import { Link, useLoaderData } from "react-router";
import { Pagination } from "~/components/cms/pagination";
import { publicPageMeta } from "~/lib/meta";
import { pageFromSearch } from "~/lib/pagination";
import { getPublishedContentPage } from "~/server/content/content.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import type { Route } from "./+types/blog";
import { formatDate } from "~/lib/format";

const BLOG_PAGE_SIZE = 10;
const CONTENT_LOAD_FAILED_TEXT = "Failed to load content";

/** /blog: the published blog posts, newest publication first, ten to a page. */
export async function loader({ request }: Route.LoaderArgs) {
  const page = pageFromSearch(new URL(request.url).searchParams);
  try {
    const { items, total } = await getPublishedContentPage(getDb, {
      type: "blog_post",
      page,
      pageSize: BLOG_PAGE_SIZE,
    });
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
    };
  } catch (error) {
    logger.error({ err: error }, "could not load the blog posts");
    return { page, total: 0, failed: true, posts: [] };
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    title: "Blog",
    description: "News, guides and insights from our consultants.",
    path: "/blog",
  });

export default function Blog() {
  const { posts, page, total, failed } = useLoaderData<typeof loader>();
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
    </section>
  );
}
