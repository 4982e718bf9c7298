/**
 * The add/edit form of the CMS Courses tab (routes/cms/courses.tsx), with every field of a training
 * course. It works in a dialog once React runs, and in the page without JavaScript; after a refused
 * save it shows the server's messages beside their fields and what was typed.
 */
import type * as React from "react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { CsrfInput } from "~/components/cms/csrf-input";
import { Button } from "~/components/ui/button";
import { FormAlert, TextareaField, TextField } from "~/components/ui/form-field";
import { Label } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { COURSE_LIMITS, featuresToText, type CourseInput } from "~/lib/schemas/courses";
import type { CourseSummary } from "~/lib/training";
import { useSaveShortcut } from "./use-save-shortcut";
import { useUnsavedChanges } from "./use-unsaved-changes";

/** The form's fields, in the order of CourseInput; what a refused form sends back to be shown again. */
export const COURSE_FIELDS = [
  "name",
  "description",
  "duration",
  "level",
  "price",
  "originalPrice",
  "rating",
  "students",
  "emoji",
  "features",
  "instructor",
  "lastUpdated",
  "isActive",
] as const satisfies readonly (keyof CourseInput)[];

export type CourseField = (typeof COURSE_FIELDS)[number];
/** The form's values as text, as typed or as stored. */
export type CourseFormValues = Record<CourseField, string>;

/** A course as the form edits it. */
export type EditableCourse = CourseSummary & { isActive: boolean };

/** What the tab's action answers to a refused save: a message per field, and what was typed. */
export interface CourseFormResult {
  errors: Record<string, string>;
  values?: CourseFormValues;
}

/** A course's stored values as the form shows them; a new course starts active and empty. */
function storedValues(course: EditableCourse | null): CourseFormValues {
  const text = (value: number | string | null | undefined) =>
    value === null || value === undefined ? "" : String(value);
  return {
    name: text(course?.name),
    description: text(course?.description),
    duration: text(course?.duration),
    level: text(course?.level),
    price: text(course?.price),
    originalPrice: text(course?.originalPrice),
    rating: text(course?.rating),
    students: text(course?.students),
    emoji: text(course?.emoji),
    features: featuresToText(course?.features ?? []),
    instructor: text(course?.instructor),
    lastUpdated: text(course?.lastUpdated),
    isActive: course?.isActive === false ? "false" : "true",
  };
}

/**
 * The add/edit form. `enhanced` is whether React runs it (in the dialog, with the Switch) or the
 * browser alone (in the page, with a plain checkbox and Cancel as a link).
 */
export function CourseForm({
  course,
  enhanced,
  cancel,
}: {
  course: EditableCourse | null;
  enhanced: boolean;
  cancel: React.ReactNode;
}) {
  const actionData = useActionData<CourseFormResult>();
  const navigation = useNavigation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Ask before leaving with unsaved changes; Ctrl/Cmd+S saves (issue 17).
  useUnsavedChanges(formRef, course);
  useSaveShortcut(formRef, { anywhere: true });
  const errors: Record<string, string> = actionData?.errors ?? {};
  // After a refusal the form shows what was typed, which matters when the page was reloaded to say so.
  const initial = actionData?.values ?? storedValues(course);
  const intent = course ? "update" : "create";
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  // A refused save moves focus to the first field to correct, so its message is read out with it.
  useEffect(() => {
    if (!actionData?.errors) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [actionData]);

  const field = (name: CourseField) => ({
    id: `${id}-${name}`,
    name,
    error: errors[name],
    defaultValue: initial[name],
  });

  return (
    <Form method="post" ref={formRef} className="grid gap-4" noValidate preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {course ? <input type="hidden" name="id" value={course.id} /> : null}
      <p className="text-sm text-muted-foreground">Fields marked * are required.</p>
      <FormAlert className="font-medium">{errors.form}</FormAlert>
      <TextField {...field("name")} label="Name *" maxLength={COURSE_LIMITS.name} required />
      <TextareaField
        {...field("description")}
        label="Description *"
        rows={4}
        maxLength={COURSE_LIMITS.description}
        required
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          {...field("duration")}
          label="Duration *"
          placeholder="40 hours"
          maxLength={COURSE_LIMITS.duration}
          required
        />
        <TextField
          {...field("level")}
          label="Level *"
          placeholder="Intermediate"
          maxLength={COURSE_LIMITS.level}
          required
        />
        {/* Text rather than number inputs, so "£1,299.50" can be typed; the server reads it. */}
        <TextField {...field("price")} label="Price (£) *" inputMode="decimal" autoComplete="off" required />
        <TextField
          {...field("originalPrice")}
          label="Original price (£)"
          hint="The price before the saving; leave empty for none."
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField {...field("rating")} label="Rating (0–5)" inputMode="decimal" autoComplete="off" />
        <TextField {...field("students")} label="Students" inputMode="numeric" autoComplete="off" />
        <TextField {...field("emoji")} label="Emoji" maxLength={COURSE_LIMITS.emoji} autoComplete="off" />
        <TextField
          {...field("lastUpdated")}
          label="Last updated"
          placeholder="June 2025"
          maxLength={COURSE_LIMITS.lastUpdated}
        />
      </div>
      <TextField {...field("instructor")} label="Instructor" maxLength={COURSE_LIMITS.instructor} />
      <TextareaField
        {...field("features")}
        label="Features (one per line)"
        hint="The course card shows the first three."
        rows={5}
        maxLength={COURSE_LIMITS.featuresText}
      />
      <ActiveControl id={`${id}-isActive`} initiallyActive={initial.isActive !== "false"} enhanced={enhanced} />
      <div className="flex justify-end gap-2">
        {cancel}
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : course ? "Update Course" : "Create Course"}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The Active switch. With React it is the Switch and a hidden field carrying its state; without,
 * a checkbox announced as a switch, after a hidden "false" that it overrides when ticked (the
 * action keeps the last value of a name).
 */
function ActiveControl({ id, initiallyActive, enhanced }: { id: string; initiallyActive: boolean; enhanced: boolean }) {
  const [active, setActive] = useState(initiallyActive);
  return (
    <div className="flex items-center gap-3">
      {enhanced ? (
        <>
          <Switch id={id} checked={active} onCheckedChange={setActive} />
          <input type="hidden" name="isActive" value={active ? "true" : "false"} />
        </>
      ) : (
        <>
          <input type="hidden" name="isActive" value="false" />
          <input
            id={id}
            type="checkbox"
            role="switch"
            name="isActive"
            value="true"
            defaultChecked={initiallyActive}
            className="size-5 accent-primary"
          />
        </>
      )}
      <Label htmlFor={id}>Active</Label>
    </div>
  );
}
