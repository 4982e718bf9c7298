import type { BlockDataOf } from "~/lib/blocks/block-data";

const PHOTO_SIZE = 96;

/** Up to two initials, for the circle shown when a profile has no picture. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words;
  return letters.map((word) => word?.charAt(0).toUpperCase() ?? "").join("");
}

/**
 * A team member's profile card: picture (or initials), name, role, location and bio. The picture
 * has its size, so nothing moves when it arrives, and loads lazily (the About page shows it low).
 */
export function TeamMemberBlock({ data }: { data: BlockDataOf<"team_member"> }) {
  return (
    <article className="flex h-full flex-col gap-4 rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      {data.imageUrl ? (
        <img
          src={data.imageUrl}
          alt=""
          width={PHOTO_SIZE}
          height={PHOTO_SIZE}
          loading="lazy"
          decoding="async"
          className="size-24 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex size-24 items-center justify-center rounded-full bg-accent text-2xl font-semibold text-accent-foreground"
        >
          {initials(data.name)}
        </span>
      )}
      <div>
        <h3 className="text-lg font-semibold">{data.name}</h3>
        <p className="text-sm font-medium text-primary">{data.role}</p>
        {data.location ? <p className="text-sm text-muted-foreground">{data.location}</p> : null}
      </div>
      {data.bio ? <p className="leading-7 text-muted-foreground">{data.bio}</p> : null}
    </article>
  );
}
