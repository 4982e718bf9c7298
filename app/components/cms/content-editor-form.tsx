import { ArrowLeftIcon, EyeIcon, PanelRightIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CsrfInput } from "~/components/cms/csrf-input";
import { RichTextEditor } from "~/components/cms/rich-text/rich-text-field";
import type { PageOption, PlaceholderOption } from "~/components/cms/rich-text/types";
import { Button } from "~/components/ui/button";
import { FormAlert, SelectField, TextareaField, TextField } from "~/components/ui/form-field";
import { CONTENT_TYPES } from "~/lib/enums";
import { contentTypeLabel, TITLE_AND_SLUG_REQUIRED } from "~/lib/schemas/content";
import { slugify } from "~/lib/slug";
import { EditConflictDialog } from "./edit-conflict-dialog";
import { LivePreviewPanel } from "./live-preview/live-preview-panel";
import { useAutosave } from "./local-draft/use-autosave";
import { LibraryImageButton } from "./media/library-image-button";
import { usePickImage } from "./media/use-pick-image";
import { SeoPanel } from "./seo-panel";
import { PublishingStatus, type EditorPublishing } from "./publishing-status";
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
  /** The body as the rich-text editor's document; null until first saved from the editor. */
  document?: unknown;
  /** The version the form is opened on, posted back so a save over a newer one is refused. */
  version?: string;
}

/** The Content tab's editor (SPEC.md "Content editor"): a new item when `item` is null. */
export function ContentEditor({
  item,
  publishing = null,
  errors,
  richText,
  refused,
}: {
  item: EditableContent | null;
  /** Where the item stands and what is scheduled for it (null for a new item). */
  publishing?: EditorPublishing | null;
  /** The save's messages by field ("form" for the whole form). */
  errors: Record<string, string>;
  /** The rich-text editor's settings (placeholder chips) and pages (link dialog). */
  richText: { placeholders: PlaceholderOption[]; pages: PageOption[] };
  /** The values of a save the server refused, shown again so that nothing typed is lost without JavaScript. */
  refused?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const { pickImage, picker: imagePicker } = usePickImage();
  const id = useId();
  // Which of the action bar's buttons sent the form that is on its way, if any.
  const sending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const published = item?.status === "published";

  // What the form starts with: what was typed into a refused save, else what is saved.
  const initial = (name: string, saved: string | null | undefined) => refused?.[name] ?? saved ?? "";
  const [title, setTitle] = useState(initial("title", item?.title));
  const [slug, setSlug] = useState(initial("slug", item?.slug));
  // For a new item the slug follows the title until the administrator edits the slug by hand.
  const [slugEdited, setSlugEdited] = useState(item !== null);
  const [imageUrl, setImageUrl] = useState(initial("featuredImageUrl", item?.featuredImageUrl));

  // Ask before leaving with unsaved changes; Ctrl/Cmd+S saves (issue 17). A save reloads `item`.
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef, item);
  useSaveShortcut(formRef, { anywhere: true });
  // What is typed is kept in this browser until saved, and offered back after a crash (issue 17).
  const restoreOffer = useAutosave(formRef, `content:${item?.id ?? "new"}`);
  const [livePreview, setLivePreview] = useState(false);

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
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            variant={livePreview ? "secondary" : "ghost"}
            size="sm"
            aria-expanded={livePreview}
            aria-controls={`${id}-live-preview`}
            onClick={() => setLivePreview((open) => !open)}
          >
            <PanelRightIcon aria-hidden="true" />
            Live preview
          </Button>
          {item ? (
            <Button asChild variant="ghost" size="sm">
              <Link to={`/cms/content/${item.id}/preview`}>
                <EyeIcon aria-hidden="true" />
                Preview
              </Link>
            </Button>
          ) : null}
        </div>
      </div>

      <div className="mt-4 empty:hidden">{restoreOffer}</div>

      {/* With the live preview open, it sits beside the form on wide screens and above it on narrow
          ones; the form's columns follow its own width (container queries), not the window's. */}
      <div className={livePreview ? "mt-6 grid gap-6 xl:grid-cols-2 xl:items-start" : "mt-6"}>
        <div className="@container min-w-0">
          <Form ref={formRef} method="post" noValidate className="grid gap-6 @4xl:grid-cols-3">
            <CsrfInput />
            <FormAlert className="font-medium @4xl:col-span-3">{errors.form}</FormAlert>
            {/* Two editors on one page: the opened version, and the choice when someone saved since. */}
            {item ? (
              <EditConflictDialog formRef={formRef} version={item.version ?? ""} copyKey={`content:${item.id}`} />
            ) : null}

            <div className="grid content-start gap-4 @4xl:col-span-2">
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
              <TextareaField
                {...field("excerpt")}
                label="Excerpt"
                rows={3}
                defaultValue={initial("excerpt", item?.excerpt)}
              />
              <RichTextEditor
                name="content"
                label="Content"
                error={errors.content}
                hint={
                  <>
                    HTML is allowed (scripts and event handlers are removed). {"{{key}}"} inserts a public site setting,
                    for example {"{{company_name}}"}.
                  </>
                }
                initialHtml={initial("content", item?.content)}
                initialDocument={refused ? null : (item?.document ?? null)}
                placeholders={richText.placeholders}
                pages={richText.pages}
                pickImage={pickImage}
              />
              {imagePicker}
            </div>

            <div className="grid content-start gap-6">
              {/* The first submit button is what Enter in a field presses: Save draft, which never publishes.
              The actions come first in the side column, as in WordPress's Publish box. */}
              <div className="grid gap-2" role="group" aria-label="Save and publish">
                <Button
                  type="submit"
                  name="intent"
                  value="save"
                  variant="outline"
                  disabled={Boolean(sending)}
                  data-save
                >
                  {sending === "save" ? "Saving..." : "Save draft"}
                </Button>
                <Button type="submit" name="intent" value="publish" disabled={Boolean(sending)}>
                  {sending === "publish"
                    ? "Publishing..."
                    : publishing?.state === "changed"
                      ? "Publish changes"
                      : "Publish"}
                </Button>
                {published ? (
                  <Button type="submit" name="intent" value="unpublish" variant="outline" disabled={Boolean(sending)}>
                    {sending === "unpublish" ? "Unpublishing..." : "Unpublish"}
                  </Button>
                ) : null}
              </div>

              <SeoPanel
                idPrefix={id}
                errors={errors}
                initial={{
                  metaTitle: initial("metaTitle", item?.metaTitle),
                  metaDescription: initial("metaDescription", item?.metaDescription),
                }}
                title={title}
                slug={slug}
                excerpt={item?.excerpt ?? ""}
                imageUrl={imageUrl}
              />

              <fieldset className="grid gap-4 rounded-md border p-4">
                <legend className="px-1 text-sm font-semibold">Publishing</legend>
                <SelectField
                  id={`${id}-type`}
                  label="Content Type"
                  name="type"
                  defaultValue={initial("type", item?.type ?? "page") as EditableContent["type"]}
                  options={CONTENT_TYPES}
                  optionLabel={contentTypeLabel}
                />
                <PublishingStatus publishing={publishing} cancelFormId={`${id}-cancel-schedule`} />
                <TextField
                  {...field("publishAt")}
                  defaultValue={refused?.publishAt}
                  label="Publish at (London time)"
                  type="datetime-local"
                  hint="Schedule saves the form as a draft, then publishes it at this time."
                />
                <TextField
                  {...field("unpublishAt")}
                  defaultValue={refused?.unpublishAt}
                  label="Unpublish at (London time)"
                  type="datetime-local"
                />
                <Button type="submit" name="intent" value="schedule" variant="outline" disabled={Boolean(sending)}>
                  {sending === "schedule" ? "Scheduling..." : "Schedule"}
                </Button>
              </fieldset>

              <fieldset className="grid gap-4 rounded-md border p-4">
                <legend className="px-1 text-sm font-semibold">Featured Image</legend>
                <TextField
                  {...field("featuredImageUrl")}
                  label="Featured Image URL"
                  // Text, not url: a library image's address is a path (/media/…), which type=url calls invalid.
                  type="text"
                  inputMode="url"
                  value={imageUrl}
                  onChange={(event) => setImageUrl(event.currentTarget.value)}
                />
                <LibraryImageButton onPick={(image) => setImageUrl(image.src)} />
                {imageUrl.trim() ? <ImagePreview key={imageUrl.trim()} src={imageUrl.trim()} /> : null}
              </fieldset>
            </div>
          </Form>
        </div>
        {livePreview ? (
          <LivePreviewPanel
            id={`${id}-live-preview`}
            formRef={formRef}
            itemId={item?.id ?? null}
            onClose={() => setLivePreview(false)}
          />
        ) : null}
      </div>
      {/* The status area's Cancel buttons belong to this form (form=), as forms cannot nest. */}
      {publishing?.scheduled.length ? (
        <Form method="post" id={`${id}-cancel-schedule`}>
          <CsrfInput />
          <input type="hidden" name="intent" value="cancel-schedule" />
        </Form>
      ) : null}
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
