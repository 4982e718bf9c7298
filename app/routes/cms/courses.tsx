/**
 * The CMS Courses tab (/cms/courses; SPEC.md sections 2, 3 and 5): every training course by name,
 * with add, edit, show/hide on /training, and delete. The action lives in courses.server.ts.
 *
 * Which form is open lives in the address (`?course=new` or `?course=<id>`), not in component
 * state, so adding and editing also work without JavaScript: the buttons that open the form are
 * GET forms, the page shows the form in place until React has hydrated, and a successful save
 * redirects back to the list (post/redirect/get). Once hydrated, the same form shows in a dialog.
 */
import { PlusIcon } from "lucide-react";
import { useId, type FormEvent } from "react";
import { Link, useLoaderData, useNavigate, type ShouldRevalidateFunction } from "react-router";
import { CourseForm } from "~/components/cms/course-form";
import {
  COURSE_FORM_PARAM,
  COURSES_PATH,
  CourseRow,
  InlineFormPanel,
  NEW_COURSE,
  OpenCourseFormButton,
  useHydrated,
  useOpenCourseForm,
} from "~/components/cms/course-list";
import { DataTable } from "~/components/cms/data-table";
import { useDialogOpener } from "~/components/cms/use-dialog-opener";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { DISCARD_CHANGES } from "~/components/cms/use-unsaved-changes";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/courses";
import { coursesAction, coursesView } from "./courses.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return coursesView();
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
    params.delete(COURSE_FORM_PARAM);
    params.sort();
    return params.toString();
  };
  const onlyTheFormChanged =
    currentUrl.searchParams.get(COURSE_FORM_PARAM) !== nextUrl.searchParams.get(COURSE_FORM_PARAM) &&
    withoutForm(currentUrl) === withoutForm(nextUrl);
  return onlyTheFormChanged ? false : defaultShouldRevalidate;
};

export function action({ request }: Route.ActionArgs) {
  return coursesAction(request);
}

export default function CoursesTab() {
  const { courses, error } = useLoaderData<typeof loader>();
  const openForm = useOpenCourseForm();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const headingId = useId();
  const opener = useDialogOpener();
  const rememberOpener = (event: FormEvent<HTMLFormElement>) =>
    opener.remember((event.nativeEvent as SubmitEvent).submitter);

  const course =
    (openForm && openForm !== NEW_COURSE ? courses.find((item) => item.id === openForm) : undefined) ?? null;
  const formOpen = openForm === NEW_COURSE || course !== null;
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
        <OpenCourseFormButton value={NEW_COURSE} onOpen={rememberOpener}>
          <PlusIcon aria-hidden="true" />
          Add New Course
        </OpenCourseFormButton>
      </div>

      {formOpen && !hydrated ? (
        // Without JavaScript (or before it has run), the form is part of the page.
        <InlineFormPanel key={openForm} title={title} description={description}>
          <CourseForm
            course={course}
            enhanced={false}
            cancel={
              <Button asChild variant="outline">
                <Link to={COURSES_PATH}>Cancel</Link>
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
          // Cancel and Escape close the dialog on purpose: no "Leave without saving?" on top of it.
          if (!isOpen) void navigate(COURSES_PATH, { replace: true, preventScrollReset: true, state: DISCARD_CHANGES });
        }}
      >
        {formOpen && hydrated ? (
          <DialogContent className="sm:max-w-2xl" onCloseAutoFocus={opener.onCloseAutoFocus}>
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

export const meta: Route.MetaFunction = () => [{ title: "Courses | CMS" }];
