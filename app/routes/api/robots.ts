import { getEnv } from "~/server/platform/env.server";

/** `/robots.txt`: everything public may be indexed; the admin area, the checkout pages and the API not. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /cms",
    "Disallow: /checkout/",
    "Disallow: /api/",
    "",
    `Sitemap: ${getEnv().publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
