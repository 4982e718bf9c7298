/**
 * What the CMS's rich-text editor offers: the public site settings its placeholder chips can
 * stand for (public only: the page shows their values), and the pages its link dialog lists
 * (the site's public pages and its published content).
 */
import { PUBLIC_PAGE_PATHS } from "../../lib/seo/public-pages";
import type { Database } from "../platform/db/db.server";
import { listPublishedTitles } from "./content.server";
import { listPublicSettings } from "./site-settings.server";

export interface RichTextOptions {
  placeholders: { key: string; value: string }[];
  pages: { path: string; title: string }[];
}

export async function loadRichTextOptions(db: Database): Promise<RichTextOptions> {
  const [settings, published] = await Promise.all([listPublicSettings(db), listPublishedTitles(db)]);
  return {
    placeholders: Object.entries(settings).map(([key, value]) => ({ key, value })),
    pages: [
      ...PUBLIC_PAGE_PATHS.map((path) => ({ path, title: path })),
      ...published.map((item) => ({ path: `/content/${item.slug}`, title: item.title })),
    ],
  };
}
