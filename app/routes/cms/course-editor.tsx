import { useActionData, useLoaderData } from "react-router";
import { CourseEditor } from "~/components/cms/courses/course-form";
import { EditorPage, saveResult } from "~/components/cms/editor/editor-page";
import { EditorErrorBoundary } from "~/components/cms/editor/editor-error-boundary";
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
  const { errors, refused } = saveResult(useActionData<typeof action>());
  return (
    <EditorPage itemId={course?.id} history={history}>
      <CourseEditor course={course} publishing={publishing} errors={errors} refused={refused} richText={richText} />
    </EditorPage>
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
