import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";

/**
 * An editor's error page inside the CMS (content, job openings, courses): an unknown or trashed id
 * (404), a role that may read the list but not edit (403, support: Access Denied), or a failure to
 * load the item, each with a link back to the tab's list.
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
      byStatus={{
        404: { ...notFound, link: list },
        403: {
          title: "Access Denied",
          message: "You don't have the permission to edit this. Please contact an administrator if you need access.",
          link: list,
        },
      }}
      otherwise={{ title: failedTitle, message: "Please try again in a few minutes.", link: list }}
    />
  );
}
