import { Outlet, useLoaderData, useLocation } from "react-router";
import { AccessDenied } from "~/components/cms/access-denied";
import { AdminArea } from "~/components/cms/admin-area";
import { FailedSignInsNotice } from "~/components/cms/failed-sign-ins-notice";
import { CmsSignIn } from "~/components/cms/sign-in";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import type { Route } from "./+types/layout";
import { loadCmsLayout, signInAction } from "./layout.server";

/**
 * Who is signed in decides what /cms shows: the sign-in card (or first-run set-up), Access Denied,
 * or the admin area. Every child route checks the role again for itself.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return loadCmsLayout(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context.clientAddress);
}

export default function CmsLayout() {
  const { user, setupNeeded, unreadSubmissions } = useLoaderData<typeof loader>();
  const location = useLocation();
  if (!user) return <CmsSignIn setupNeeded={setupNeeded} />;
  if (!user.isAdmin) {
    // Every user may change their own password, even without access to the admin area.
    if (location.pathname === "/cms/account") {
      return (
        <main id="main-content" className="min-h-dvh bg-muted/40 px-4 py-12">
          <div className="mx-auto max-w-md">
            <FailedSignInsNotice notice={user.failedSignIns} />
          </div>
          <Outlet />
        </main>
      );
    }
    return <AccessDenied email={user.email} pathname={location.pathname} />;
  }
  return <AdminArea email={user.email} failedSignIns={user.failedSignIns} unreadSubmissions={unreadSubmissions} />;
}

export const meta: Route.MetaFunction = () => [
  { title: "Content Management System" },
  { name: "robots", content: "noindex, nofollow" },
];

/** A child route refused the user (403) or failed: Access Denied, or a short error inside the CMS. */
export function ErrorBoundary() {
  const location = useLocation();
  return (
    <GeneralErrorBoundary
      layout="page"
      byStatus={{
        403: (denied) => (
          <AccessDenied email={(denied as { email?: string } | null)?.email ?? ""} pathname={location.pathname} />
        ),
      }}
      otherwise={{
        title: "Something went wrong in the CMS",
        message: "Please reload the page. If it keeps happening, try again later.",
        link: { to: "/cms", label: "Back to the CMS" },
      }}
    />
  );
}
