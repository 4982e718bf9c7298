import { useRef, useState } from "react";
import { Form, Link, useActionData } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { MediaLibraryItem, MediaUse } from "~/lib/cms/media";
import { ConfirmForm } from "../kit/confirm-form";
import { CsrfInput, useCsrfToken } from "../kit/csrf-input";
import { useHrefWith } from "../kit/status-filter";
import { FocalPointPicker } from "./focal-point-picker";
import { formatBytes } from "./format-bytes";
import { itemLabel } from "./media-items";
import { ACCEPTED_FILES } from "./upload-zone";
import { uploadImage } from "./upload-image";
import { useCan } from "../layout/cms-layout-data";
import { useUnsavedChanges } from "../kit/use-unsaved-changes";

type ActionAnswer = { ok: boolean; intent: string; errors?: Record<string, string> } | undefined;

const USE_LABELS: Record<MediaUse["kind"], string> = {
  content: "Content",
  career: "Job opening",
  course: "Course",
  page: "Page record",
};

/**
 * One image's details: its alt text, caption and focal point (saved together), where it is used,
 * replace the file in place (same record and address, new variants), and delete (refused by the
 * server while the image is used, with the places named).
 */
export function MediaDetails({
  item,
  usage,
  onReplaced,
}: {
  item: MediaLibraryItem;
  usage: readonly MediaUse[];
  onReplaced: () => void;
}) {
  const answer = useActionData<ActionAnswer>();
  const errors = answer && !answer.ok ? (answer.errors ?? {}) : {};
  const hrefWith = useHrefWith();
  const csrf = useCsrfToken();
  // A read-only role (support) sees the details without the forms, and no links into the editors.
  const canEdit = useCan("media.edit");
  const [replaceState, setReplaceState] = useState<{ message: string; failed: boolean } | null>(null);

  const replace = async (file: File) => {
    setReplaceState({ message: "Uploading the new file", failed: false });
    const result = await uploadImage(file, csrf, { replace: item.id });
    setReplaceState(
      result.ok
        ? { message: "File replaced: pages that use the image now show the new file", failed: false }
        : { message: result.error, failed: true },
    );
    if (result.ok) onReplaced();
  };

  return (
    <section
      aria-labelledby="media-details-title"
      className="grid gap-6 rounded-lg border bg-card p-4 sm:p-6"
      data-testid="media-details"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id="media-details-title" className="text-lg font-semibold break-all">
            {itemLabel(item)}
          </h3>
          <p className="text-sm text-muted-foreground">
            {item.originalName} · {item.width} x {item.height} · {formatBytes(item.byteSize)}
          </p>
          <p className="text-sm text-muted-foreground">
            Address: <code className="break-all">{item.src}</code>
          </p>
        </div>
        <Link
          to={hrefWith({ image: null })}
          preventScrollReset
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          Close details
        </Link>
      </div>

      {canEdit ? (
        <DetailsForm key={`${item.id}-${item.updatedAt}`} item={item} errors={errors} />
      ) : (
        <dl className="grid gap-2 text-sm">
          <div>
            <dt className="font-medium">Alt text</dt>
            <dd className="text-muted-foreground">{item.alt || "None yet"}</dd>
          </div>
          <div>
            <dt className="font-medium">Caption</dt>
            <dd className="text-muted-foreground">{item.caption || "None"}</dd>
          </div>
        </dl>
      )}

      <div className="grid gap-2">
        <h4 className="font-semibold">Where it is used</h4>
        {usage.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="media-usage">
            Not used on any page, job opening or course.
          </p>
        ) : (
          <ul className="list-disc pl-6 text-sm" data-testid="media-usage">
            {usage.map((use) => (
              <li key={`${use.kind}-${use.id}`}>
                {USE_LABELS[use.kind]}:{" "}
                {canEdit ? (
                  <Link to={use.editPath} className="text-primary underline-offset-4 hover:underline">
                    {use.title}
                  </Link>
                ) : (
                  use.title
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      {canEdit ? (
        <>
          <div className="grid gap-2">
            <h4 className="font-semibold">Replace the file</h4>
            <p className="text-sm text-muted-foreground">
              The image keeps its record, alt text and address; every page that uses it shows the new file.
            </p>
            <label className="w-fit cursor-pointer rounded-md border border-input bg-background px-4 py-2 text-sm font-medium focus-within:ring-2 focus-within:ring-ring hover:bg-accent">
              Choose a new file
              <input
                type="file"
                accept={ACCEPTED_FILES}
                className="sr-only"
                data-testid="media-replace"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  event.currentTarget.value = "";
                  if (file) void replace(file);
                }}
              />
            </label>
            {replaceState ? (
              <p
                role={replaceState.failed ? "alert" : "status"}
                className={replaceState.failed ? "text-sm text-destructive" : "text-sm"}
              >
                {replaceState.message}
              </p>
            ) : null}
          </div>

          <div className="grid gap-2">
            <h4 className="font-semibold">Delete</h4>
            {errors.form && answer?.intent === "delete" ? (
              <p role="alert" className="text-sm text-destructive" data-testid="media-delete-error">
                {errors.form}
              </p>
            ) : null}
            <div className="w-fit">
              <ConfirmForm
                fields={{ intent: "delete", id: item.id }}
                question="Are you sure you want to delete this image?"
                buttonLabel="Delete image"
                variant="outline"
              >
                Delete image
              </ConfirmForm>
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}

/**
 * An image's alt text, caption and focal point. Remounted for each image and after each save (its
 * key), so what it holds when shown is what leaving would not lose.
 */
function DetailsForm({ item, errors }: { item: MediaLibraryItem; errors: Record<string, string> }) {
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef);
  return (
    <Form ref={formRef} method="post" preventScrollReset className="grid gap-4">
      <CsrfInput />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={item.id} />
      <FormField
        id="media-alt"
        label="Alt text"
        error={errors.altText}
        hint="Required before the image can be placed on a page: say what the picture shows, for people who cannot see it."
      >
        {(control) => <Input {...control} name="altText" defaultValue={item.alt} maxLength={500} />}
      </FormField>
      <FormField id="media-caption" label="Caption" error={errors.caption}>
        {(control) => <Textarea {...control} name="caption" defaultValue={item.caption} maxLength={1000} />}
      </FormField>
      <FocalPointPicker
        src={item.thumbnail}
        width={item.width}
        height={item.height}
        initial={{ x: item.focalX, y: item.focalY }}
      />
      <div>
        <Button type="submit">Save details</Button>
      </div>
    </Form>
  );
}
