import { useActionData, useLoaderData } from "react-router";
import { CareerEditor } from "~/components/cms/careers/career-form";
import { EditorPage, saveResult } from "~/components/cms/editor/editor-page";
import { EditorErrorBoundary } from "~/components/cms/editor/editor-error-boundary";
import type { Route } from "./+types/career-editor";
import { careerEditorAction, loadCareerEditor } from "./career-editor.server";

/** /cms/careers/new and /cms/careers/{id}: the Careers tab's editor (decision 017). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return loadCareerEditor(request, params.id);
}

export async function action({ request, params }: Route.ActionArgs) {
  return careerEditorAction(request, params.id);
}

export default function CareerEditorPage() {
  const { career, publishing, history, richText } = useLoaderData<typeof loader>();
  const { errors, refused } = saveResult(useActionData<typeof action>());
  return (
    <EditorPage itemId={career?.id} history={history}>
      <CareerEditor career={career} publishing={publishing} errors={errors} refused={refused} richText={richText} />
    </EditorPage>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.career ? "Edit Career" : "Add New Career"} | Careers | CMS` },
];

const CAREERS_LINK = { to: "/cms/careers", label: "Back to the careers list" };

/** An unknown id (404) or a failure to load the item, inside the CMS. */
export function ErrorBoundary() {
  return (
    <EditorErrorBoundary
      notFound={{ title: "Job opening not found", message: "This job opening does not exist or has been deleted." }}
      failedTitle={"Failed to fetch careers"}
      list={CAREERS_LINK}
    />
  );
}
