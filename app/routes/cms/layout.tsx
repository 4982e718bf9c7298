import { data, redirect, Link, NavLink, Outlet, useLoaderData, useLocation, useNavigation } from "react-router";
import { AccessDenied } from "~/components/cms/access-denied";
import { CmsSignIn } from "~/components/cms/sign-in";
import { SignOutButton } from "~/components/cms/sign-out-button";
import { cn } from "~/lib/utils";
import type { SignInActionData } from "~/components/cms/sign-in";
import { adminExists } from "~/server/auth/admin-setup.server";
import { getCsrfToken, verifyCsrf } from "~/server/auth/csrf.server";
import { getCurrentUser, isAdmin } from "~/server/auth/guards.server";
import { createSession, deleteExpiredSessions, deleteSession } from "~/server/auth/sessions.server";
import { setUpFirstAdmin, signIn, UNEXPECTED_SIGN_IN_ERROR } from "~/server/auth/sign-in.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import type { Route } from "./+types/layout";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";

/**
 * The CMS tabs: the spec's five (SPEC.md "Admin area /cms"), then the shop's Courses and Orders,
 * the site assistant's unanswered questions, then Users; the bar is laid out for nine columns on
 * wide screens (three rows of three on smaller ones).
 */
export const CMS_TABS = [
  { title: "Content", href: "/cms/content" },
  { title: "Careers", href: "/cms/careers" },
  { title: "Contact Submissions", href: "/cms/submissions" },
  { title: "Content Blocks", href: "/cms/blocks" },
  { title: "Site Settings", href: "/cms/settings" },
  { title: "Courses", href: "/cms/courses" },
  { title: "Orders", href: "/cms/orders" },
  { title: "Assistant", href: "/cms/assistant" },
  { title: "Users", href: "/cms/users" },
] as const;

export const meta: Route.MetaFunction = () => [
  { title: "Content Management System" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * Who is signed in decides what /cms shows: the sign-in card (or first-run set-up), Access Denied,
 * or the admin area. Every child route checks the role again for itself.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const current = await getCurrentUser(request);
  const { token, setCookie } = getCsrfToken(request);
  let setupNeeded = false;
  if (!current) {
    try {
      setupNeeded = !(await adminExists(await getDb()));
    } catch (error) {
      logger.error({ err: error }, "could not tell whether an administrator exists");
    }
  }
  const user = current ? { email: current.user.email, role: current.user.role, isAdmin: isAdmin(current.user) } : null;
  return data(
    { user, csrfToken: token, setupNeeded },
    { headers: { "Cache-Control": "no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

/** Only paths inside the CMS are followed after sign-in, so the parameter cannot send anyone away. */
function safeRedirect(target: FormDataEntryValue | null): string {
  return typeof target === "string" && /^\/cms(\/[\w\-/?=&%.]*)?$/.test(target) ? target : "/cms";
}

/**
 * Sign-in (intent "login") and the first-run set-up (intent "setup"). It lives on the layout, which
 * renders the sign-in card, so the card receives the action's result.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  verifyCsrf(request, form);
  const intent = form.get("intent") === "setup" ? "setup" : "login";
  try {
    const db = await getDb();
    const fields = {
      email: form.get("email") ?? "",
      password: form.get("password") ?? "",
      code: form.get("code") ?? "",
    };
    const result =
      intent === "setup"
        ? await setUpFirstAdmin(db, fields, context.clientAddress)
        : await signIn(db, fields, context.clientAddress);
    if (!result.ok) {
      return data<SignInActionData>({ intent, errors: result.errors }, { status: result.status });
    }
    // A new session on every sign-in: whatever token this browser held before is thrown away.
    const previous = await getCurrentUser(request);
    if (previous) await deleteSession(db, previous.sessionId);
    // Sign-ins are rare, so this is a cheap moment to clear sessions that have expired.
    await deleteExpiredSessions(db);
    const cookie = await createSession(db, result.user.id, request.headers.get("User-Agent"));
    logger.info({ userId: result.user.id, intent }, "signed in");
    return redirect(safeRedirect(form.get("redirectTo")), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    logger.error({ err: error, intent }, "An unexpected error occurred during sign in");
    return data<SignInActionData>({ intent, errors: { form: UNEXPECTED_SIGN_IN_ERROR } }, { status: 500 });
  }
}

export default function CmsLayout() {
  const { user, setupNeeded } = useLoaderData<typeof loader>();
  const location = useLocation();
  if (!user) return <CmsSignIn setupNeeded={setupNeeded} />;
  if (!user.isAdmin) {
    // Every user may change their own password, even without access to the admin area.
    if (location.pathname === "/cms/account") {
      return (
        <main id="main-content" className="min-h-dvh bg-muted/40 px-4 py-12">
          <Outlet />
        </main>
      );
    }
    return <AccessDenied email={user.email} pathname={location.pathname} />;
  }
  return <AdminArea email={user.email} />;
}

function AdminArea({ email }: { email: string }) {
  const navigation = useNavigation();
  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <div>
            <h1 className="text-xl font-bold">Content Management System</h1>
            <p className="text-sm text-muted-foreground">Welcome, {email}</p>
          </div>
          <div className="flex items-center gap-3">
            {/* The e-mail outbox is not one of the spec's tabs; it sits with the account links. */}
            <NavLink to="/cms/outbox" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Outbox
            </NavLink>
            <Link to="/cms/account" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Change password
            </Link>
            <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              View site
            </Link>
            <SignOutButton />
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <nav aria-label="CMS sections" className="mb-6">
          <ul className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:grid-cols-3 lg:grid-cols-9">
            {CMS_TABS.map((tab) => (
              <li key={tab.href}>
                <NavLink
                  to={tab.href}
                  className={({ isActive }) =>
                    cn(
                      "flex h-full items-center justify-center rounded-md px-3 py-2 text-center text-sm font-medium",
                      isActive ? "bg-background text-foreground shadow" : "text-muted-foreground hover:text-foreground",
                    )
                  }
                >
                  {tab.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {navigation.state === "loading" ? (
          <p role="status" className="mb-4 text-sm text-muted-foreground">
            Loading
          </p>
        ) : null}
        <main id="main-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

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
