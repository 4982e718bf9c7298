import { useActionData, useLoaderData } from "react-router";
import { CourseEditor } from "~/components/cms/course-form";
import { RevisionHistory } from "~/components/cms/revision-history";
import { EditorErrorBoundary } from "~/components/cms/editor-error-boundary";
import type { Route } from "./+types/course-editor";
import { courseEditorAction, loadCourseEditor } from "./course-editor.server";

/** /cms/courses/new and /cms/courses/{id}: the Courses tab's editor (decision 017). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return loadCourseEditor(request, params.id);
}

export async function action({ request, params }: Route.ActionArgs) {
  return courseEditorAction(request, params.id);
}

export default function CourseEditorPage() {
  const { course, publishing, history, richText } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result && "errors" in result ? result.errors : {};
  const refused = result && "values" in result ? result.values : undefined;
  return (
    <>
      {/* Keyed by the course and its latest revision, so the form starts again from what was saved after a restore. */}
      <CourseEditor
        key={`${course?.id ?? "new"}:${history?.revisions[0]?.id ?? ""}`}
        course={course}
        publishing={publishing}
        errors={errors}
        refused={refused}
        richText={richText}
      />
      {history ? <RevisionHistory revisions={history.revisions} comparison={history.comparison} /> : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.course ? "Edit Course" : "Add New Course"} | Courses | CMS` },
];

const COURSES_LINK = { to: "/cms/courses", label: "Back to the courses list" };

/** An unknown id (404) or a failure to load the item, inside the CMS. */
export function ErrorBoundary() {
  return (
    <EditorErrorBoundary
      notFound={{ title: "Course not found", message: "This course does not exist or has been deleted." }}
      failedTitle={"Failed to fetch courses"}
      list={COURSES_LINK}
    />
  );
}
