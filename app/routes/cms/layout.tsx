import { Outlet, useLoaderData, useLocation } from "react-router";
import { AccessDenied } from "~/components/cms/layout/access-denied";
import { AdminArea } from "~/components/cms/layout/admin-area";
import { useCmsLayoutData } from "~/components/cms/layout/cms-layout-data";
import { FailedSignInsNotice } from "~/components/cms/layout/failed-sign-ins-notice";
import { SECOND_STEP_PATH } from "~/components/cms/second-step/second-step-path";
import { CmsSignIn } from "~/components/cms/sign-in/sign-in";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import cmsStylesheet from "~/cms.css?url";
import { isPublicCmsPage } from "~/lib/auth/account-links";
import type { Route } from "./+types/layout";
import { loadCmsLayout, signInAction } from "./layout.server";

/** The CMS's own classes (cms.css), after the public stylesheet the root inlines. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: cmsStylesheet }];

/**
 * Who is signed in decides what /cms shows: the sign-in card (or first-run set-up), Access Denied
 * (a role with no tab at all), or the admin area with the tabs the role may open. Every child
 * route checks the permission again for itself.
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
  // Forgot password, an invitation or a reset link: for anyone, signed in or not.
  if (isPublicCmsPage(location.pathname)) return <Outlet />;
  // The sign-in's second step is a page of its own, before any session.
  if (!user) return location.pathname === SECOND_STEP_PATH ? <Outlet /> : <CmsSignIn setupNeeded={setupNeeded} />;
  if (user.permissions.length === 0) {
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
  return (
    <AdminArea
      email={user.email}
      permissions={user.permissions}
      failedSignIns={user.failedSignIns}
      securityReview={user.securityReview}
      unreadSubmissions={unreadSubmissions}
    />
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Content Management System" },
  { name: "robots", content: "noindex, nofollow" },
];

/** A child route refused the user (403) or failed: Access Denied, or a short error inside the CMS. */
export function ErrorBoundary() {
  const location = useLocation();
  // The layout's own data is there when a child refused: a role with other tabs gets the way back.
  const backToCms = (useCmsLayoutData()?.user?.permissions.length ?? 0) > 0;
  return (
    <GeneralErrorBoundary
      layout="page"
      byStatus={{
        403: (denied) => (
          <AccessDenied
            email={(denied as { email?: string } | null)?.email ?? ""}
            pathname={location.pathname}
            backToCms={backToCms}
          />
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
