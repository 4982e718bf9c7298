import { useActionData, useLoaderData } from "react-router";
import { ContentEditor } from "~/components/cms/content/content-editor-form";
import { EditorPage, saveResult } from "~/components/cms/editor/editor-page";
import { EditorErrorBoundary } from "~/components/cms/editor/editor-error-boundary";
import { CONTENT_MESSAGES } from "~/lib/schemas/content";
import type { Route } from "./+types/content-editor";
import { loadContentEditor, saveContentAction } from "./content-editor.server";

/** /cms/content/new and /cms/content/{id}: the Content tab's editor. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return loadContentEditor(request, params.id);
}

export async function action({ request, params }: Route.ActionArgs) {
  return saveContentAction(request, params.id);
}

export default function ContentEditorPage() {
  const { item, publishing, history, richText } = useLoaderData<typeof loader>();
  const { errors, refused } = saveResult(useActionData<typeof action>());
  return (
    <EditorPage itemId={item?.id} history={history}>
      <ContentEditor item={item} publishing={publishing} errors={errors} refused={refused} richText={richText} />
    </EditorPage>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.item ? "Edit Content" : "New Content"} | Content | CMS` },
];

const CONTENT_LIST_LINK = { to: "/cms/content", label: "Back to the content list" };

/** An unknown id (404) or a failure to load the item, inside the CMS. */
export function ErrorBoundary() {
  return (
    <EditorErrorBoundary
      notFound={{ title: "Content not found", message: "This content item does not exist or has been deleted." }}
      failedTitle={CONTENT_MESSAGES.fetchFailed}
      list={CONTENT_LIST_LINK}
    />
  );
}
