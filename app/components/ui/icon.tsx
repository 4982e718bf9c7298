import type { SpriteIconName } from "./icon-names";

/**
 * An icon of the public site, drawn from the /icons.svg sprite with `<use>`: no icon
 * code in the page's JavaScript and no copy of its paths in the HTML. The attributes are lucide's
 * own, so an icon looks and sizes as the lucide component did (24 × 24 unless a class sizes it,
 * stroke in the text colour). Always decoration: the text beside it names the thing, so it is
 * hidden from assistive technology.
 */
export function Icon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
