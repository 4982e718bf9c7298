import { useState } from "react";
import { TextareaField, TextField } from "~/components/ui/form-field";
import { SHARE_IMAGE } from "~/lib/site/images";
import { characterCount, META_DESCRIPTION_AIM, META_TITLE_AIM, previewText } from "~/lib/seo/seo";
import { cn } from "~/lib/utils";

/**
 * The content editor's SEO settings: the meta title and description with character
 * counters (aim: 60 and 160, the lengths search results show), a preview of the search result and
 * of the card a social network shows when the page is shared. The previews follow what is typed;
 * without a meta title or description they show what the page would use instead.
 */
export function SeoPanel({
  idPrefix,
  errors,
  initial,
  title,
  slug,
  excerpt,
  imageUrl,
}: {
  idPrefix: string;
  errors: Record<string, string>;
  initial: { metaTitle: string; metaDescription: string };
  /** The page's title, slug, excerpt and featured image as the form holds them now. */
  title: string;
  slug: string;
  excerpt: string;
  imageUrl: string;
}) {
  const [metaTitle, setMetaTitle] = useState(initial.metaTitle);
  const [metaDescription, setMetaDescription] = useState(initial.metaDescription);
  const titleCount = characterCount(metaTitle.trim().length, META_TITLE_AIM);
  const descriptionCount = characterCount(metaDescription.trim().length, META_DESCRIPTION_AIM);
  const shownTitle = metaTitle.trim() || title.trim() || "Page title";
  const shownDescription = metaDescription.trim() || excerpt.trim();
  const path = `/content/${slug || "your-slug"}`;
  const counter = (count: { text: string; over: boolean }, testId: string) => (
    <span data-testid={testId} className={cn(count.over && "font-medium text-destructive")}>
      {count.text}
    </span>
  );

  return (
    <fieldset className="grid min-w-0 gap-4 rounded-md border p-4" data-testid="seo-panel">
      <legend className="px-1 text-sm font-semibold">SEO Settings</legend>
      <TextField
        id={`${idPrefix}-metaTitle`}
        name="metaTitle"
        error={errors.metaTitle}
        label="Meta Title"
        value={metaTitle}
        onChange={(event) => setMetaTitle(event.currentTarget.value)}
        hint={counter(titleCount, "meta-title-count")}
      />
      <TextareaField
        id={`${idPrefix}-metaDescription`}
        name="metaDescription"
        error={errors.metaDescription}
        label="Meta Description"
        rows={3}
        value={metaDescription}
        onChange={(event) => setMetaDescription(event.currentTarget.value)}
        hint={counter(descriptionCount, "meta-description-count")}
      />

      <section
        aria-label="Search result preview"
        className="grid min-w-0 gap-1 rounded-md border bg-background p-3 wrap-anywhere"
        data-testid="search-preview"
      >
        <p className="text-xs text-muted-foreground">Search result preview</p>
        <p className="truncate text-xs text-muted-foreground">{path}</p>
        <p className="text-base leading-snug font-medium text-primary">{previewText(shownTitle, META_TITLE_AIM)}</p>
        <p className="text-sm text-muted-foreground">
          {shownDescription ? previewText(shownDescription, META_DESCRIPTION_AIM) : "The site's description is shown."}
        </p>
      </section>

      <section
        aria-label="Social card preview"
        className="min-w-0 overflow-hidden rounded-md border bg-background wrap-anywhere"
        data-testid="social-preview"
      >
        <p className="px-3 pt-2 text-xs text-muted-foreground">Social card preview</p>
        <img
          src={imageUrl.trim() || SHARE_IMAGE.path}
          alt=""
          width={SHARE_IMAGE.width}
          height={SHARE_IMAGE.height}
          className="mt-2 aspect-[1200/630] w-full object-cover"
        />
        <div className="grid gap-1 p-3">
          <p className="text-sm font-semibold">{previewText(shownTitle, 70)}</p>
          {shownDescription ? (
            <p className="text-xs text-muted-foreground">{previewText(shownDescription, 100)}</p>
          ) : null}
        </div>
      </section>
    </fieldset>
  );
}
