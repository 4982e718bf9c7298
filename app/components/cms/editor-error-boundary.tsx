import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";

/**
 * An editor's error page inside the CMS (content, job openings, courses): an unknown or trashed id
 * (404), or a failure to load the item, each with a link back to the tab's list. A 403 never
 * reaches here: the CMS layout shows Access Denied instead of its children.
 */
export function EditorErrorBoundary({
  notFound,
  failedTitle,
  list,
}: {
  notFound: { title: string; message: string };
  failedTitle: string;
  list: { to: string; label: string };
}) {
  return (
    <GeneralErrorBoundary
      layout="card"
      byStatus={{ 404: { ...notFound, link: list } }}
      otherwise={{ title: failedTitle, message: "Please try again in a few minutes.", link: list }}
    />
  );
}
