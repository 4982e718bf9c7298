/**
 * The Content tab's editor (/cms/content/new and /cms/content/{id}): the editor shell around a
 * content item's fields, with the body in the rich-text editor, the SEO panel, the content type
 * and the featured image in the side column, and a live preview beside the form.
 */
import { EyeIcon, PanelRightIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { EditorShell, type EditorProps } from "~/components/cms/editor/editor-shell";
import { FeaturedImageFieldset } from "~/components/cms/editor/featured-image-fieldset";
import { RichTextEditor } from "~/components/cms/editor/rich-text/rich-text-field";
import { DeclaredFields } from "~/components/cms/editor/declared-fields";
import { Button } from "~/components/ui/button";
import { SelectField, TextareaField, TextField } from "~/components/ui/form-field";
import { contentItem } from "~/lib/content-kinds/content-item";
import type { EditorValues } from "~/lib/content-kinds/define-kind";
import { CONTENT_TYPES } from "~/lib/enums";
import { contentTypeLabel, TITLE_AND_SLUG_REQUIRED } from "~/lib/schemas/content";
import { slugify } from "~/lib/text/slug";
import { LivePreviewPanel } from "../editor/live-preview/live-preview-panel";
import { usePickImage } from "../media/use-pick-image";
import { SeoPanel } from "../editor/seo-panel";

/** A content item as the editor's form shows it: its declared fields as the form opens them. */
export type EditableContent = EditorValues<typeof contentItem> & {
  id: string;
  status: string;
  /** The version the form is opened on, posted back so a save over a newer one is refused. */
  version?: string;
};

/** The fields this form places itself; the others are drawn from the declaration (DeclaredFields). */
const PLACED_FIELDS = [
  "title",
  "slug",
  "excerpt",
  "content",
  "type",
  "metaTitle",
  "metaDescription",
  "featuredImageUrl",
] as const;

type ContentEditorProps = EditorProps & { item: EditableContent | null };

/** What the form starts with: what was typed into a refused save, else what is saved. */
function initialValues(item: EditableContent | null, refused: Record<string, string> | undefined) {
  return (name: (typeof PLACED_FIELDS)[number]) => refused?.[name] ?? item?.[name] ?? "";
}

/** The Content tab's editor (SPEC.md "Content editor"): a new item when `item` is null. */
export function ContentEditor({ item, publishing, errors, richText, refused }: ContentEditorProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const initial = initialValues(item, refused);
  // For a new item the slug follows the title until the administrator edits the slug by hand.
  const [title, setTitle] = useState(initial("title"));
  const [slug, setSlug] = useState(initial("slug"));
  const [slugEdited, setSlugEdited] = useState(item !== null);
  const [imageUrl, setImageUrl] = useState(initial("featuredImageUrl"));
  const [livePreview, setLivePreview] = useState(false);

  return (
    <EditorShell
      kind="content"
      item={item}
      heading={item ? "Edit Content" : "Create New Content"}
      backTo="/cms/content"
      publishing={publishing}
      live={item?.status === "published"}
      errors={errors}
      refused={refused}
      formRef={formRef}
      actions={
        <PreviewButtons
          itemId={item?.id ?? null}
          livePreviewId={`${id}-live-preview`}
          livePreview={livePreview}
          onToggleLivePreview={() => setLivePreview((open) => !open)}
        />
      }
      livePreview={{
        panel: livePreview ? (
          <LivePreviewPanel
            id={`${id}-live-preview`}
            formRef={formRef}
            itemId={item?.id ?? null}
            onClose={() => setLivePreview(false)}
          />
        ) : null,
      }}
      panels={{
        beforeSchedule: (
          <SeoPanel
            idPrefix={id}
            errors={errors}
            initial={{ metaTitle: initial("metaTitle"), metaDescription: initial("metaDescription") }}
            title={title}
            slug={slug}
            excerpt={item?.excerpt ?? ""}
            imageUrl={imageUrl}
          />
        ),
        inSchedule: (
          <SelectField
            id={`${id}-type`}
            label="Content Type"
            name="type"
            defaultValue={(refused?.type ?? item?.type) || "page"}
            options={CONTENT_TYPES}
            optionLabel={contentTypeLabel}
          />
        ),
        afterSchedule: (
          <FeaturedImageFieldset
            id={`${id}-featuredImageUrl`}
            error={errors.featuredImageUrl}
            imageUrl={imageUrl}
            onChange={setImageUrl}
          />
        ),
      }}
    >
      <ContentFields
        item={item}
        errors={errors}
        richText={richText}
        refused={refused}
        title={title}
        slug={slug}
        onTitleChange={(next) => {
          setTitle(next);
          if (!slugEdited) setSlug(slugify(next));
        }}
        onSlugChange={(next) => {
          setSlug(next);
          setSlugEdited(true);
        }}
      />
    </EditorShell>
  );
}

/** Beside the heading: the live preview's switch, and the preview of a saved item. */
function PreviewButtons({
  itemId,
  livePreviewId,
  livePreview,
  onToggleLivePreview,
}: {
  itemId: string | null;
  livePreviewId: string;
  livePreview: boolean;
  onToggleLivePreview: () => void;
}) {
  return (
    <>
      <Button
        type="button"
        variant={livePreview ? "secondary" : "ghost"}
        size="sm"
        aria-expanded={livePreview}
        aria-controls={livePreviewId}
        onClick={onToggleLivePreview}
      >
        <PanelRightIcon aria-hidden="true" />
        Live preview
      </Button>
      {itemId ? (
        <Button asChild variant="ghost" size="sm">
          <Link to={`/cms/content/${itemId}/preview`}>
            <EyeIcon aria-hidden="true" />
            Preview
          </Link>
        </Button>
      ) : null}
    </>
  );
}

/** The form's main column: title, slug, excerpt and body. */
function ContentFields({
  item,
  errors,
  richText,
  refused,
  title,
  slug,
  onTitleChange,
  onSlugChange,
}: Omit<ContentEditorProps, "publishing"> & {
  title: string;
  slug: string;
  onTitleChange: (title: string) => void;
  onSlugChange: (slug: string) => void;
}) {
  const id = useId();
  const initial = initialValues(item, refused);
  const { pickImage, picker } = usePickImage();
  // "Title and slug are required" is the form's alert; the fields are still marked invalid.
  const requiredField = (name: "title" | "slug") => ({
    id: `${id}-${name}`,
    name,
    error: errors[name] !== TITLE_AND_SLUG_REQUIRED ? errors[name] : undefined,
    invalid: Boolean(errors[name]),
  });

  return (
    <>
      <TextField
        {...requiredField("title")}
        label="Title *"
        value={title}
        maxLength={200}
        aria-required="true"
        onChange={(event) => onTitleChange(event.currentTarget.value)}
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
        onChange={(event) => onSlugChange(event.currentTarget.value)}
      />
      <TextareaField
        id={`${id}-excerpt`}
        name="excerpt"
        error={errors.excerpt}
        label="Excerpt"
        rows={3}
        defaultValue={initial("excerpt")}
      />
      <RichTextEditor
        name="content"
        label="Content"
        error={errors.content}
        hint={
          <>
            HTML is allowed (scripts and event handlers are removed). {"{{key}}"} inserts a public site setting, for
            example {"{{company_name}}"}.
          </>
        }
        initialHtml={initial("content")}
        initialDocument={refused ? null : (item?.document ?? null)}
        placeholders={richText.placeholders}
        pages={richText.pages}
        pickImage={pickImage}
      />
      {picker}
      <DeclaredFields kind={contentItem} except={PLACED_FIELDS} values={item} refused={refused} errors={errors} />
    </>
  );
}
