import { Badge } from "~/components/ui/badge";
import type { ResponsiveImageData } from "~/lib/cms/media";
import type { ContentPageView } from "~/server/content/content.server";
import { ResponsiveImage } from "./responsive-image";
import { Icon } from "~/components/ui/icon";

/**
 * One content item as a page (SPEC.md "Public content page"): a hero with the optional featured
 * image (responsive when it is from the media library), the type badge, title, excerpt, published (and updated)
 * date and author marker, then the body. `html`
 * was substituted and sanitised on the server; the CMS preview renders the same component.
 */
export function ContentArticle({
  item,
  siteName,
  image,
}: {
  item: ContentPageView;
  siteName: string;
  /** The featured image when it is from the media library: served responsively. */
  image?: ResponsiveImageData | null;
}) {
  return (
    <article>
      <header className="relative isolate overflow-hidden border-b bg-muted">
        {image ? (
          // A faded backdrop behind the title: decoration, so no alt text is read out.
          <ResponsiveImage
            image={image}
            alt=""
            sizes="100vw"
            aboveTheFold
            className="absolute inset-0 -z-10 size-full max-w-none object-cover opacity-20"
          />
        ) : item.featuredImageUrl ? (
          <img
            src={item.featuredImageUrl}
            alt=""
            width={1600}
            height={600}
            fetchPriority="high"
            className="absolute inset-0 -z-10 size-full object-cover opacity-20"
          />
        ) : null}
        <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6 lg:px-8">
          <Badge tone="blue" data-testid="content-type">
            {item.typeLabel}
          </Badge>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{item.title}</h1>
          {item.excerpt ? <p className="mt-4 text-lg text-muted-foreground">{item.excerpt}</p> : null}
          <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {item.publishedAt && item.publishedLabel ? (
              <p className="flex items-center gap-2">
                <Icon name="calendar" className="size-4" />
                <span data-testid="content-dates">
                  Published <time dateTime={item.publishedAt}>{item.publishedLabel}</time>
                  {item.updatedAt && item.updatedLabel ? (
                    <>
                      {" · "}Updated <time dateTime={item.updatedAt}>{item.updatedLabel}</time>
                    </>
                  ) : null}
                </span>
              </p>
            ) : null}
            {item.hasAuthor ? (
              <p className="flex items-center gap-2" data-testid="content-author">
                <Icon name="user" className="size-4" />
                <span>Author: {siteName} team</span>
              </p>
            ) : null}
          </div>
        </div>
      </header>
      <div
        data-testid="content-body"
        className="mx-auto max-w-4xl px-4 py-12 leading-7 whitespace-pre-wrap sm:px-6 lg:px-8 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_table]:w-full [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:p-2 [&_ul]:list-disc [&_ul]:pl-6"
        // Sanitised on the server by sanitizeRichText (toContentPageView); never raw stored HTML.
        dangerouslySetInnerHTML={{ __html: item.html }}
      />
    </article>
  );
}
