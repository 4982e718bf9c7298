/**
 * The CMS Courses tab (/cms/courses; SPEC.md sections 2, 3 and 5): every training course by name,
 * with add, edit, show/hide on /training, and delete.
 *
 * Which form is open lives in the address (`?course=new` or `?course=<id>`), not in component
 * state, so adding and editing also work without JavaScript: the buttons that open the form are
 * GET forms, the page shows the form in place until React has hydrated, and a successful save
 * redirects back to the list (post/redirect/get). Once hydrated, the same form shows in a dialog.
 */
import { PencilIcon, PlusIcon, ToggleLeftIcon, ToggleRightIcon, Trash2Icon } from "lucide-react";
import type * as React from "react";
import { useId, useRef, useSyncExternalStore } from "react";
import {
  data,
  Form,
  Link,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  type ShouldRevalidateFunction,
} from "react-router";
import { ConfirmForm } from "~/components/cms/confirm-form";
import {
  COURSE_FIELDS,
  CourseForm,
  type CourseField,
  type CourseFormResult,
  type CourseFormValues,
} from "~/components/cms/course-form";
import { CsrfInput } from "~/components/cms/csrf-input";
import { DataTable } from "~/components/cms/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { formatPrice } from "~/lib/currency";
import { fieldErrors } from "~/lib/schemas/auth";
import { courseFormSchema, courseIdSchema } from "~/lib/schemas/courses";
import { z } from "~/lib/schemas/zod";
import { recordAudit, type Actor } from "~/server/platform/audit.server";
import { requireAdmin, requireAdminForm } from "~/server/auth/guards.server";
import {
  createCourse,
  deleteCourse,
  listCourses,
  setCourseActive,
  updateCourse,
  type Course,
} from "~/server/commerce/courses.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { dataWithToast, redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/courses";

const LIST_PATH = "/cms/courses";
/** The search parameter naming the open form: "new", or the id of the course being edited. */
const FORM_PARAM = "course";
const NEW_COURSE = "new";

const COURSE_MESSAGES = {
  fetchFailed: "Failed to fetch courses",
  saveFailed: "Failed to save course",
  deleteFailed: "Failed to delete course",
  updateFailed: "Failed to update course",
  created: "Course created successfully",
  updated: "Course updated successfully",
  deleted: "Course deleted successfully",
  activated: "Course activated",
  deactivated: "Course deactivated",
} as const;

export const meta: Route.MetaFunction = () => [{ title: "Courses | CMS" }];

/** Every course, active or not, by name; a failure to read them is shown as the list's error state. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { courses: await listCourses(await getDb()), error: null };
  } catch (error) {
    logger.error({ err: error }, "could not list the training courses");
    return { courses: [], error: COURSE_MESSAGES.fetchFailed };
  }
}

/**
 * Opening or closing the form changes only `?course=`, and the list is already on the page, so
 * that alone does not read the courses again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const submitted = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  if (submitted || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutForm = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(FORM_PARAM);
    params.sort();
    return params.toString();
  };
  const onlyTheFormChanged =
    currentUrl.searchParams.get(FORM_PARAM) !== nextUrl.searchParams.get(FORM_PARAM) &&
    withoutForm(currentUrl) === withoutForm(nextUrl);
  return onlyTheFormChanged ? false : defaultShouldRevalidate;
};

type ActionResult = CourseFormResult;

/** A refused save: the toast, and the message and values for the form, which stays open. */
function saveFailed(status: number, values: CourseFormValues) {
  const description = COURSE_MESSAGES.saveFailed;
  return dataWithToast<ActionResult>(
    { errors: { form: description }, values },
    { type: "error", description },
    { status },
  );
}

/** A refused one-click change in the list: the toast says it all. */
function failed(description: string, status: number) {
  return dataWithToast<ActionResult>({ errors: {} }, { type: "error", description }, { status });
}

function succeeded(description: string) {
  return redirectWithToast(LIST_PATH, { type: "success", description });
}

/** What the administrator typed, to fill the form again when it is refused (e.g. without JavaScript). */
function submittedValues(values: Record<string, FormDataEntryValue>): CourseFormValues {
  const text = (field: CourseField) => {
    const value = values[field];
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(COURSE_FIELDS.map((field) => [field, text(field)])) as CourseFormValues;
}

/** Intents: "create", "update", "set-active" (the one-click Activate/Deactivate) and "delete". */
export async function action({ request }: Route.ActionArgs) {
  const { current, form } = await requireAdminForm(request);
  // The last value of a repeated name wins, which the no-JavaScript Active checkbox relies on.
  const values = Object.fromEntries(form);
  switch (values.intent) {
    case "create":
    case "update":
      return saveCourse(current.user, values.intent, values);
    case "set-active":
      return changeVisibility(current.user, values);
    case "delete":
      return removeCourse(current.user, values);
    default:
      return data<ActionResult>({ errors: { form: "Unknown action." } }, { status: 400 });
  }
}

async function saveCourse(actor: Actor, intent: "create" | "update", values: Record<string, FormDataEntryValue>) {
  const parsed = courseFormSchema.safeParse(values);
  if (!parsed.success) {
    return data<ActionResult>({ errors: fieldErrors(parsed.error), values: submittedValues(values) }, { status: 400 });
  }
  try {
    const db = await getDb();
    if (intent === "create") {
      const course = await createCourse(db, parsed.data);
      await recordAudit(db, actor, "course.create", "training_courses", course.id, auditDetails(course));
      return succeeded(COURSE_MESSAGES.created);
    }
    const id = courseIdSchema.safeParse(values);
    const course = id.success ? await updateCourse(db, id.data.id, parsed.data) : undefined;
    if (!course) return saveFailed(404, submittedValues(values));
    await recordAudit(db, actor, "course.update", "training_courses", course.id, auditDetails(course));
    return succeeded(COURSE_MESSAGES.updated);
  } catch (error) {
    logger.error({ err: error, intent }, "could not save a training course");
    return saveFailed(500, submittedValues(values));
  }
}

const visibilitySchema = courseIdSchema.extend({ isActive: z.enum(["true", "false"]) });

/**
 * Shows or hides a course on /training. The form says which state it wants rather than "toggle",
 * so a double click or a resubmitted form cannot flip the course back.
 */
async function changeVisibility(actor: Actor, values: Record<string, FormDataEntryValue>) {
  const parsed = visibilitySchema.safeParse(values);
  if (!parsed.success) return failed(COURSE_MESSAGES.updateFailed, 400);
  const isActive = parsed.data.isActive === "true";
  try {
    const db = await getDb();
    const course = await setCourseActive(db, parsed.data.id, isActive);
    if (!course) return failed(COURSE_MESSAGES.updateFailed, 404);
    const change = isActive ? "course.activate" : "course.deactivate";
    await recordAudit(db, actor, change, "training_courses", course.id, { name: course.name });
    return succeeded(isActive ? COURSE_MESSAGES.activated : COURSE_MESSAGES.deactivated);
  } catch (error) {
    logger.error({ err: error }, "could not change whether a training course is active");
    return failed(COURSE_MESSAGES.updateFailed, 500);
  }
}

/** Deletes a course; orders that bought it keep their own copy of its name and prices. */
async function removeCourse(actor: Actor, values: Record<string, FormDataEntryValue>) {
  const id = courseIdSchema.safeParse(values);
  if (!id.success) return failed(COURSE_MESSAGES.deleteFailed, 404);
  try {
    const db = await getDb();
    const course = await deleteCourse(db, id.data.id);
    if (!course) return failed(COURSE_MESSAGES.deleteFailed, 404);
    await recordAudit(db, actor, "course.delete", "training_courses", course.id, { name: course.name });
    return succeeded(COURSE_MESSAGES.deleted);
  } catch (error) {
    logger.error({ err: error }, "could not delete a training course");
    return failed(COURSE_MESSAGES.deleteFailed, 500);
  }
}

function auditDetails(course: Course) {
  return {
    name: course.name,
    price: course.price,
    originalPrice: course.originalPrice,
    isActive: course.isActive,
  };
}

/* ------------------------------------------------------------------------------------------------
 * The page
 * ---------------------------------------------------------------------------------------------- */

type CourseItem = Awaited<ReturnType<typeof loader>>["courses"][number];

const wholeNumber = new Intl.NumberFormat("en-GB");

/** A price in pounds as the shop shows it: "£1,299", or "£349.99" when it has pence. */
const formatPounds = (amount: number) => formatPrice(amount, "GBP");

/** False on the server and while the page hydrates, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

function subscribeToNothing() {
  return () => undefined;
}

/**
 * The open form's `?course=` value. While a click on Add or Edit (or a close) is on its way, it is
 * where that navigation goes, so the dialog answers at once rather than after the CMS layout's data
 * has been reloaded.
 */
function useOpenForm(): string | null {
  const location = useLocation();
  const navigation = useNavigation();
  const target = navigation.location?.pathname === location.pathname ? navigation.location : location;
  return new URLSearchParams(target.search).get(FORM_PARAM);
}

export default function CoursesTab() {
  const { courses, error } = useLoaderData<typeof loader>();
  const openForm = useOpenForm();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const headingId = useId();
  // The dialog has no trigger of its own, so focus goes back by hand to the button that opened it.
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    opener.current = submitter instanceof HTMLElement ? submitter : null;
  };

  const editedCourse =
    openForm && openForm !== NEW_COURSE ? courses.find((course) => course.id === openForm) : undefined;
  const formOpen = openForm === NEW_COURSE || editedCourse !== undefined;
  const course = editedCourse ?? null;
  const title = course ? "Edit Course" : "Add New Course";
  const description = course
    ? "Change this course and save it; the training page shows the change at once."
    : "Describe the course as the training page will show it.";

  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold">
          Training Courses ({courses.length})
        </h2>
        <OpenFormButton value={NEW_COURSE} onOpen={rememberOpener}>
          <PlusIcon aria-hidden="true" />
          Add New Course
        </OpenFormButton>
      </div>

      {formOpen && !hydrated ? (
        // Without JavaScript (or before it has run), the form is part of the page.
        <InlineFormPanel key={openForm} title={title} description={description}>
          <CourseForm
            course={course}
            enhanced={false}
            cancel={
              <Button asChild variant="outline">
                <Link to={LIST_PATH}>Cancel</Link>
              </Button>
            }
          />
        </InlineFormPanel>
      ) : null}

      <DataTable
        columns={["Name", "Level", "Duration", "Price", "Students", "Status"]}
        error={error}
        empty={courses.length === 0}
        emptyMessage="No courses found. Add your first course."
      >
        {courses.map((item) => (
          <CourseRow key={item.id} course={item} onOpen={rememberOpener} />
        ))}
      </DataTable>

      <Dialog
        open={formOpen && hydrated}
        onOpenChange={(isOpen) => {
          if (!isOpen) void navigate(LIST_PATH, { replace: true, preventScrollReset: true });
        }}
      >
        {formOpen && hydrated ? (
          <DialogContent
            className="sm:max-w-2xl"
            onCloseAutoFocus={(event) => {
              if (!opener.current?.isConnected) return;
              event.preventDefault();
              opener.current.focus();
            }}
          >
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
            <CourseForm
              key={openForm}
              course={course}
              enhanced
              cancel={
                <DialogClose asChild>
                  <Button type="button" variant="outline">
                    Cancel
                  </Button>
                </DialogClose>
              }
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </section>
  );
}

/** A button that opens the add or edit form: a GET form, so it works before JavaScript has loaded. */
function OpenFormButton({
  value,
  onOpen,
  children,
  ...button
}: {
  value: string;
  onOpen: (event: React.FormEvent<HTMLFormElement>) => void;
  children: React.ReactNode;
} & Pick<React.ComponentProps<typeof Button>, "variant" | "size" | "aria-label">) {
  return (
    <Form method="get" replace preventScrollReset onSubmit={onOpen}>
      <Button type="submit" name={FORM_PARAM} value={value} {...button}>
        {children}
      </Button>
    </Form>
  );
}

function CourseRow({
  course,
  onOpen,
}: {
  course: CourseItem;
  onOpen: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const nextVisibility = course.isActive ? "Deactivate" : "Activate";
  return (
    <tr className="border-b align-middle last:border-0">
      <td className="min-w-48 py-3 pr-4 font-medium">
        {course.emoji ? (
          <span aria-hidden="true" className="mr-2">
            {course.emoji}
          </span>
        ) : null}
        {course.name}
      </td>
      <td className="py-3 pr-4">{course.level}</td>
      <td className="py-3 pr-4 whitespace-nowrap">{course.duration}</td>
      <td className="py-3 pr-4 whitespace-nowrap">
        {formatPounds(course.price)}
        {course.originalPrice !== null ? (
          <span className="ml-2 text-xs text-muted-foreground">
            was <s>{formatPounds(course.originalPrice)}</s>
          </span>
        ) : null}
      </td>
      <td className="py-3 pr-4">{wholeNumber.format(course.students)}</td>
      <td className="py-3 pr-4">
        <Badge tone={course.isActive ? "green" : "gray"}>{course.isActive ? "Active" : "Inactive"}</Badge>
      </td>
      <td className="py-3">
        <div className="flex justify-end gap-2">
          <OpenFormButton
            value={course.id}
            onOpen={onOpen}
            variant="outline"
            size="sm"
            aria-label={`Edit ${course.name}`}
          >
            <PencilIcon aria-hidden="true" />
          </OpenFormButton>
          <Form method="post" preventScrollReset>
            <CsrfInput />
            <input type="hidden" name="intent" value="set-active" />
            <input type="hidden" name="id" value={course.id} />
            <input type="hidden" name="isActive" value={course.isActive ? "false" : "true"} />
            <Button type="submit" variant="outline" size="sm" aria-label={`${nextVisibility} ${course.name}`}>
              {course.isActive ? <ToggleLeftIcon aria-hidden="true" /> : <ToggleRightIcon aria-hidden="true" />}
              {nextVisibility}
            </Button>
          </Form>
          <ConfirmForm
            fields={{ intent: "delete", id: course.id }}
            question="Are you sure you want to delete this course?"
            buttonLabel={`Delete ${course.name}`}
          >
            <Trash2Icon aria-hidden="true" />
          </ConfirmForm>
        </div>
      </td>
    </tr>
  );
}

/** The form shown in the page itself, for a browser without JavaScript. */
function InlineFormPanel({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6 grid gap-4 rounded-lg border p-6">
      <div>
        <h3 id={headingId} className="text-lg font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}
