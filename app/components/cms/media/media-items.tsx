import { Link } from "react-router";
import type { CSSProperties } from "react";
import type { MediaLibraryItem } from "~/lib/cms/media";
import { formatBytes } from "./format-bytes";
import { useHrefWith } from "../kit/status-filter";
import { cn } from "~/lib/utils";
import { ScrollBox } from "../kit/scroll-box";

/** An image's name in the library: its alt text, else its file name. */
export function itemLabel(item: Pick<MediaLibraryItem, "alt" | "originalName">): string {
  return item.alt || item.originalName || "Untitled image";
}

/** The library as thumbnails; each opens the image's details (the selection lives in the URL, `?image=`). */
export function MediaGrid({ items, selectedId }: { items: readonly MediaLibraryItem[]; selectedId: string | null }) {
  const hrefWith = useHrefWith();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="media-grid">
      {items.map((item) => (
        <li key={item.id}>
          <Link
            to={hrefWith({ image: item.id })}
            preventScrollReset
            aria-current={item.id === selectedId ? "true" : undefined}
            className={cn(
              "block overflow-hidden rounded-md border bg-card focus-visible:ring-2 focus-visible:ring-ring",
              item.id === selectedId && "ring-2 ring-primary",
            )}
          >
            <img
              src={item.thumbnail}
              alt=""
              width={320}
              height={Math.round((320 * item.height) / item.width)}
              loading="lazy"
              className="aspect-square w-full object-cover object-(--focal-point)"
              // A custom property, not a style: the markup stays free of inline declarations.
              style={{ "--focal-point": `${item.focalX * 100}% ${item.focalY * 100}%` } as CSSProperties}
            />
            <span className="block truncate px-2 py-1 text-xs">{itemLabel(item)}</span>
            {item.alt ? null : (
              <span className="block px-2 pb-1 text-xs font-medium text-destructive">No alt text</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The library as a table: name, alt text, size, dimensions, date. */
export function MediaList({ items, selectedId }: { items: readonly MediaLibraryItem[]; selectedId: string | null }) {
  const hrefWith = useHrefWith();
  return (
    <ScrollBox label="Media files" className="rounded-md border bg-card">
      <table className="w-full text-left text-sm" data-testid="media-list">
        <caption className="sr-only">Images in the library</caption>
        <thead className="border-b bg-muted/50">
          <tr>
            <th scope="col" className="p-2">
              File
            </th>
            <th scope="col" className="p-2">
              Alt text
            </th>
            <th scope="col" className="p-2">
              Size
            </th>
            <th scope="col" className="p-2">
              Dimensions
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-b last:border-0">
              <td className="p-2">
                <Link
                  to={hrefWith({ image: item.id })}
                  preventScrollReset
                  aria-current={item.id === selectedId ? "true" : undefined}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {item.originalName || "Untitled image"}
                </Link>
              </td>
              <td className="p-2">{item.alt || <span className="text-destructive">None yet</span>}</td>
              <td className="p-2">{formatBytes(item.byteSize)}</td>
              <td className="p-2">
                {item.width} x {item.height}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
