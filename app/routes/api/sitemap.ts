import { PUBLIC_PAGE_PATHS } from "~/lib/seo/public-pages";
import { careerPath } from "~/lib/site/careers";
import { listActiveCareers } from "~/server/careers/careers.server";
import { listPublishedSlugs } from "~/server/content/content.server";
import { getDb } from "~/server/platform/db/database.server";
import { getEnv } from "~/server/platform/env.server";
import { logger } from "~/server/platform/logger.server";

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** `/sitemap.xml`: every public page and every published content item, for search engines. */
export async function loader() {
  const base = getEnv().publicUrl;
  let items: { slug: string; updatedAt: Date }[] = [];
  let jobs: { path: string; updatedAt: Date }[] = [];
  try {
    const db = await getDb();
    items = await listPublishedSlugs(db);
    jobs = (await listActiveCareers(db)).map((career) => ({ path: careerPath(career), updatedAt: career.updatedAt }));
  } catch (error) {
    // The fixed pages are still worth listing when the content cannot be read.
    logger.error({ err: error }, "the sitemap could not list published content and job openings");
  }
  const urls = [
    ...PUBLIC_PAGE_PATHS.map((path) => `<url><loc>${escapeXml(base + path)}</loc></url>`),
    ...items.map(
      (item) =>
        `<url><loc>${escapeXml(`${base}/content/${item.slug}`)}</loc><lastmod>${item.updatedAt.toISOString()}</lastmod></url>`,
    ),
    ...jobs.map(
      (job) => `<url><loc>${escapeXml(base + job.path)}</loc><lastmod>${job.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
