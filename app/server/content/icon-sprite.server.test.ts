import { XIcon } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon } from "~/components/ui/icon";
import { UI_ICON_NAMES } from "~/components/ui/icon-names";
import { ICON_NAMES } from "~/content/types";
import { iconSprite } from "./icon-sprite.server";

const symbolIds = () =>
  [...iconSprite().matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((match) => match[1]);

describe("the /icons.svg sprite", () => {
  it("has one symbol for every marketing and site icon name, each with lucide's drawing", () => {
    const ids = symbolIds();
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...new Set([...ICON_NAMES, ...UI_ICON_NAMES])].sort());
    for (const id of ids)
      expect(iconSprite(), id).toMatch(new RegExp(`<symbol id="${id}" viewBox="0 0 24 24"><[a-z]+ `));
  });

  it("draws a site icon exactly as the lucide component does", () => {
    const lucidePaths = renderToStaticMarkup(createElement(XIcon))
      .replace(/^<svg[^>]*>/, "")
      .replace(/<\/svg>$/, "");
    expect(iconSprite()).toContain(`<symbol id="x" viewBox="0 0 24 24">${lucidePaths}</symbol>`);
  });
});

describe("<Icon>", () => {
  it("is hidden from assistive technology and uses the sprite's symbol at lucide's size", () => {
    const markup = renderToStaticMarkup(createElement(Icon, { name: "menu", className: "size-6" }));
    expect(markup).toBe(
      '<svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-6"><use href="/icons.svg#menu"></use></svg>',
    );
  });
});
