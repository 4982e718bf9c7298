/**
 * The CMS Courses tab (/cms/courses; SPEC.md sections 2, 3 and 5): every training course by name,
 * with show/hide on /training (Publish / Unpublish) and delete; adding and editing open the editor
 * (/cms/courses/new, /cms/courses/{id}; decision 017). The action lives in courses.server.ts.
 */
import { PlusIcon } from "lucide-react";
import { useId } from "react";
import { Link, useLoaderData } from "react-router";
import { useCan } from "~/components/cms/layout/cms-layout-data";
import { COURSES_PATH, CourseRow } from "~/components/cms/courses/course-list";
import { DataTable } from "~/components/cms/kit/data-table";
import { ListSearch } from "~/components/cms/kit/list-search";
import { Button } from "~/components/ui/button";
import { requirePermission } from "~/server/auth/guards.server";
import type { Route } from "./+types/courses";
import { coursesAction, coursesView } from "./courses.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "courses.view");
  return coursesView(request);
}

export function action({ request }: Route.ActionArgs) {
  return coursesAction(request);
}

export default function CoursesTab() {
  const { courses, error, query } = useLoaderData<typeof loader>();
  const headingId = useId();
  // Support reads the courses without the forms (app/lib/auth/permissions.ts).
  const canEdit = useCan("courses.edit");
  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold">
          Training Courses ({courses.length})
        </h2>
        {canEdit ? (
          <Button asChild>
            <Link to={`${COURSES_PATH}/new`}>
              <PlusIcon aria-hidden="true" />
              Add New Course
            </Link>
          </Button>
        ) : null}
      </div>
      <ListSearch id="courses" label="Search name or description" query={query} />
      <DataTable
        label="Courses"
        columns={["Name", "Level", "Duration", "Price", "Students", "Status"]}
        error={error}
        empty={courses.length === 0}
        emptyMessage="No courses found. Add your first course."
      >
        {courses.map((item) => (
          <CourseRow key={item.id} course={item} canEdit={canEdit} />
        ))}
      </DataTable>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Courses | CMS" }];
