import type { IconName } from "~/content/types";

/**
 * The icons of the public site's own components (menus, buttons, cards), beside those the
 * marketing copy may name (ICON_NAMES, app/content/types.ts). The /icons.svg sprite has a symbol for
 * every name of both lists (app/server/content/icon-sprite.server.ts maps each to its lucide icon);
 * `<Icon>` draws one.
 */
export const UI_ICON_NAMES = [
  "arrow-right",
  "badge-check",
  "calendar",
  "check",
  "check-circle-2",
  "chevron-down",
  "chevron-left",
  "chevron-right",
  "circle-dashed",
  "download",
  "flask-conical",
  "mail",
  "map-pin",
  "menu",
  "moon",
  "pause",
  "phone",
  "play",
  "play-circle",
  "quote",
  "shopping-basket",
  "star",
  "sun",
  "trash-2",
  "user",
  "user-round",
  "x",
  "x-circle",
] as const;

/** A symbol of the sprite: a marketing icon or one of the site's own. */
export type SpriteIconName = IconName | (typeof UI_ICON_NAMES)[number];
