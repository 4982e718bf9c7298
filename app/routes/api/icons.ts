import { iconSprite } from "~/server/content/icon-sprite.server";

/** `/icons.svg`: the public site's icons as one sprite (see icon-sprite.server.ts). */
export function loader() {
  return new Response(iconSprite(), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
