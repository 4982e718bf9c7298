import { ArrowLeftIcon, EyeIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { z } from "~/lib/schemas/zod";
import { CsrfInput } from "~/components/cms/csrf-input";
import { Button } from "~/components/ui/button";
import { FormAlert, SelectField, TextareaField, TextField } from "~/components/ui/form-field";
import { CONTENT_STATUSES, CONTENT_TYPES } from "~/lib/enums";
import { fieldErrors } from "~/lib/schemas/auth";
import { CONTENT_MESSAGES, contentFormSchema, contentTypeLabel, TITLE_AND_SLUG_REQUIRED } from "~/lib/schemas/content";
import { slugify } from "~/lib/slug";
import { recordAudit } from "~/server/platform/audit.server";
import { requireAdmin, requireAdminForm } from "~/server/auth/guards.server";
import { getContentById, saveContent } from "~/server/content/content.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { dataWithToast, redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/content-editor";
import { failureStatus } from "~/server/platform/db/database-unavailable.server";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { ExpectedError } from "~/server/platform/errors.server";

/** /cms/content/new and /cms/content/{id}: "new" is the only id that is not a UUID. */
const idParam = z.union([z.literal("new"), z.uuid()]);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = idParam.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  if (id.data === "new") return { item: null };
  let item;
  try {
    item = await getContentById(await getDb(), id.data);
  } catch (error) {
    logger.error({ err: error }, "could not load a content item");
    throw data(null, { status: failureStatus(error) });
  }
  if (!item) throw data(null, { status: 404 });
  return {
    item: {
      id: item.id,
      title: item.title,
      slug: item.slug,
      content: item.content,
      excerpt: item.excerpt ?? "",
      metaTitle: item.metaTitle ?? "",
      metaDescription: item.metaDescription ?? "",
      featuredImageUrl: item.featuredImageUrl ?? "",
      type: item.type,
      status: item.status,
    },
  };
}

type ActionResult = { errors: Record<string, string> };

/** Saves the item (SPEC.md "Content save"); success goes back to the list with a toast. */
export async function action({ request, params }: Route.ActionArgs) {
  const { current, form } = await requireAdminForm(request);
  const id = idParam.safeParse(params.id);
  if (!id.success || form.get("intent") !== "save") {
    return data<ActionResult>({ errors: { form: CONTENT_MESSAGES.saveFailed } }, { status: 400 });
  }
  const isNew = id.data === "new";
  const values: Record<string, FormDataEntryValue> = Object.fromEntries(form);
  // A new item's slug comes from its title when the field was left empty.
  if (isNew && typeof values.title === "string" && !String(values.slug ?? "").trim()) {
    values.slug = slugify(values.title);
  }
  const parsed = contentFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const missing = errors.title === TITLE_AND_SLUG_REQUIRED || errors.slug === TITLE_AND_SLUG_REQUIRED;
    if (missing) errors.form = TITLE_AND_SLUG_REQUIRED;
    return dataWithToast<ActionResult>(
      { errors },
      { type: "error", description: missing ? TITLE_AND_SLUG_REQUIRED : "Please correct the highlighted fields." },
      { status: 400 },
    );
  }
  try {
    const db = await getDb();
    const saved = await saveContent(db, parsed.data, current.user.id, isNew ? undefined : id.data);
    if (!saved) {
      return dataWithToast<ActionResult>(
        { errors: { form: CONTENT_MESSAGES.saveFailed } },
        { type: "error", description: CONTENT_MESSAGES.saveFailed },
        { status: 404 },
      );
    }
    const { item, created } = saved;
    await recordAudit(db, current.user, created ? "content.create" : "content.update", "content", item.id, {
      title: item.title,
      slug: item.slug,
      type: item.type,
      status: item.status,
    });
    return redirectWithToast("/cms/content", {
      type: "success",
      description: created ? CONTENT_MESSAGES.created : CONTENT_MESSAGES.updated,
    });
  } catch (error) {
    if (error instanceof ExpectedError) {
      return dataWithToast<ActionResult>(
        { errors: { [error.field ?? "form"]: error.message } },
        { type: "error", description: error.message },
        { status: 400 },
      );
    }
    logger.error({ err: error }, "could not save a content item");
    return dataWithToast<ActionResult>(
      { errors: { form: CONTENT_MESSAGES.saveFailed } },
      { type: "error", description: CONTENT_MESSAGES.saveFailed },
      { status: failureStatus(error) },
    );
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.item ? "Edit Content" : "New Content"} | Content | CMS` },
];

export default function ContentEditor() {
  const { item } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const id = useId();
  const errors = actionData?.errors ?? {};
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";

  const [title, setTitle] = useState(item?.title ?? "");
  const [slug, setSlug] = useState(item?.slug ?? "");
  // For a new item the slug follows the title until the administrator edits the slug by hand.
  const [slugEdited, setSlugEdited] = useState(item !== null);
  const [imageUrl, setImageUrl] = useState(item?.featuredImageUrl ?? "");

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

      <Form method="post" noValidate className="mt-6 grid gap-6 lg:grid-cols-3">
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

/** An unknown id (404) or a failure to load the item, inside the CMS. */
export function ErrorBoundary() {
  // A 403 never reaches here: the CMS layout shows Access Denied instead of its children.
  return (
    <GeneralErrorBoundary
      layout="card"
      byStatus={{
        404: {
          title: "Content not found",
          message: "This content item does not exist or has been deleted.",
          link: CONTENT_LIST_LINK,
        },
      }}
      otherwise={{
        title: CONTENT_MESSAGES.fetchFailed,
        message: "Please try again in a few minutes.",
        link: CONTENT_LIST_LINK,
      }}
    />
  );
}

const CONTENT_LIST_LINK = { to: "/cms/content", label: "Back to the content list" };
