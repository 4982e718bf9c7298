import { ArrowLeftIcon, EyeIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CsrfInput } from "~/components/cms/csrf-input";
import { Button } from "~/components/ui/button";
import { FormAlert, SelectField, TextareaField, TextField } from "~/components/ui/form-field";
import { CONTENT_STATUSES, CONTENT_TYPES } from "~/lib/enums";
import { contentTypeLabel, TITLE_AND_SLUG_REQUIRED } from "~/lib/schemas/content";
import { slugify } from "~/lib/slug";
import { useSaveShortcut } from "./use-save-shortcut";
import { useUnsavedChanges } from "./use-unsaved-changes";

/** A content item as the editor's form shows it (missing values as empty strings). */
export interface EditableContent {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  featuredImageUrl: string;
  type: string;
  status: string;
}

/** The Content tab's editor (SPEC.md "Content editor"): a new item when `item` is null. */
export function ContentEditor({
  item,
  errors,
}: {
  item: EditableContent | null;
  /** The save's messages by field ("form" for the whole form). */
  errors: Record<string, string>;
}) {
  const navigation = useNavigation();
  const id = useId();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";

  const [title, setTitle] = useState(item?.title ?? "");
  const [slug, setSlug] = useState(item?.slug ?? "");
  // For a new item the slug follows the title until the administrator edits the slug by hand.
  const [slugEdited, setSlugEdited] = useState(item !== null);
  const [imageUrl, setImageUrl] = useState(item?.featuredImageUrl ?? "");

  // Ask before leaving with unsaved changes; Ctrl/Cmd+S saves (issue 17). A save reloads `item`.
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef, item);
  useSaveShortcut(formRef, { anywhere: true });

  const field = (name: string) => ({ id: `${id}-${name}`, name, error: errors[name] });
  // "Title and slug are required" is the form's alert; the fields are still marked invalid.
  const requiredField = (name: "title" | "slug") => ({
    ...field(name),
    error: errors[name] !== TITLE_AND_SLUG_REQUIRED ? errors[name] : undefined,
    invalid: Boolean(errors[name]),
  });

  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <Button asChild variant="outline" size="sm">
            <Link to="/cms/content">
              <ArrowLeftIcon aria-hidden="true" />
              Back
            </Link>
          </Button>
          <h2 id={`${id}-heading`} className="text-lg font-semibold">
            {item ? "Edit Content" : "Create New Content"}
          </h2>
        </div>
        {item ? (
          <Button asChild variant="ghost" size="sm">
            <Link to={`/cms/content/${item.id}/preview`}>
              <EyeIcon aria-hidden="true" />
              Preview
            </Link>
          </Button>
        ) : null}
      </div>

      <Form ref={formRef} method="post" noValidate className="mt-6 grid gap-6 lg:grid-cols-3">
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        <FormAlert className="font-medium lg:col-span-3">{errors.form}</FormAlert>

        <div className="grid content-start gap-4 lg:col-span-2">
          <TextField
            {...requiredField("title")}
            label="Title *"
            value={title}
            maxLength={200}
            aria-required="true"
            onChange={(event) => {
              const next = event.currentTarget.value;
              setTitle(next);
              if (!slugEdited) setSlug(slugify(next));
            }}
          />
          <TextField
            {...requiredField("slug")}
            label="Slug *"
            hint={`The page address: /content/${slug || "your-slug"}`}
            value={slug}
            maxLength={200}
            spellCheck={false}
            autoCapitalize="none"
            aria-required="true"
            onChange={(event) => {
              setSlug(event.currentTarget.value);
              setSlugEdited(true);
            }}
          />
          <TextareaField {...field("excerpt")} label="Excerpt" rows={3} defaultValue={item?.excerpt ?? ""} />
          <TextareaField
            {...field("content")}
            label="Content"
            hint={
              <>
                HTML is allowed (scripts and event handlers are removed). {"{{key}}"} inserts a public site setting, for
                example {"{{company_name}}"}.
              </>
            }
            rows={12}
            defaultValue={item?.content ?? ""}
            className="font-mono"
          />
        </div>

        <div className="grid content-start gap-6">
          <fieldset className="grid gap-4 rounded-md border p-4">
            <legend className="px-1 text-sm font-semibold">SEO Settings</legend>
            <TextField {...field("metaTitle")} label="Meta Title" defaultValue={item?.metaTitle ?? ""} />
            <TextareaField
              {...field("metaDescription")}
              label="Meta Description"
              rows={3}
              defaultValue={item?.metaDescription ?? ""}
            />
          </fieldset>

          <fieldset className="grid gap-4 rounded-md border p-4">
            <legend className="px-1 text-sm font-semibold">Publishing</legend>
            <SelectField
              id={`${id}-type`}
              label="Content Type"
              name="type"
              defaultValue={item?.type ?? "page"}
              options={CONTENT_TYPES}
              optionLabel={contentTypeLabel}
            />
            <SelectField
              id={`${id}-status`}
              label="Status"
              name="status"
              defaultValue={item?.status ?? "draft"}
              options={CONTENT_STATUSES}
            />
          </fieldset>

          <fieldset className="grid gap-4 rounded-md border p-4">
            <legend className="px-1 text-sm font-semibold">Featured Image</legend>
            <TextField
              {...field("featuredImageUrl")}
              label="Featured Image URL"
              type="url"
              value={imageUrl}
              onChange={(event) => setImageUrl(event.currentTarget.value)}
            />
            {imageUrl.trim() ? <ImagePreview key={imageUrl.trim()} src={imageUrl.trim()} /> : null}
          </fieldset>

          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : item ? "Update Content" : "Create Content"}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** The featured image as it will look; it hides itself when the image cannot be loaded. */
function ImagePreview({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before React hydrated never fired our onError handler: check it once.
  useEffect(() => {
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return null;
  return (
    <img
      ref={ref}
      src={src}
      alt="Featured visual, as it will appear"
      data-testid="featured-image-preview"
      width={320}
      height={180}
      className="aspect-video w-full rounded-md border object-cover"
      onError={() => setFailed(true)}
    />
  );
}
