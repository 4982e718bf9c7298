import { Link, NavLink, Outlet, useLocation, useNavigation } from "react-router";
import { CMS_HEADER_LINKS, CMS_TABS, type Permission } from "~/lib/auth/permissions";
import { SkipLink } from "~/components/ui/skip-link";
import { cn } from "~/lib/utils";
import type { FailedSignInsNotice as FailedSignInsNoticeData } from "./cms-layout-data";
import { FailedSignInsNotice } from "./failed-sign-ins-notice";
import { SecurityReviewNotice } from "./security-review-notice";
import { SignInAgainDialog } from "../session-recovery/sign-in-again-dialog";
import { useToastUndo } from "../kit/use-toast-undo";
import { SignOutButton } from "./sign-out-button";
import { UnsavedChangesPrompt } from "../kit/unsaved-changes-prompt";

/**
 * The admin area: the header with the account links, the tabs, and the tab itself (the outlet).
 * The tabs are those of app/lib/auth/permissions.ts (the spec's five, then Courses, Orders, Assistant,
 * Media and Users), each shown only to a role that may open it; on wide screens the bar is one
 * row of as many columns as the role has tabs (rows of three on smaller ones).
 */
export function AdminArea({
  email,
  permissions,
  failedSignIns,
  securityReview = false,
  unreadSubmissions,
}: {
  email: string;
  /** What the user's role may do: only those tabs and links are shown. */
  permissions: readonly Permission[];
  failedSignIns?: FailedSignInsNoticeData | null;
  /** Whether the account page has sign-in methods to review (shown there in full, here as a pointer). */
  securityReview?: boolean;
  /** The unread submissions' count, shown on the Submissions tab. */
  unreadSubmissions?: number | null;
}) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const tabs = CMS_TABS.filter((tab) => permissions.includes(tab.permission));
  const headerLinks = CMS_HEADER_LINKS.filter((link) => permissions.includes(link.permission));
  useToastUndo();
  return (
    <div className="min-h-dvh bg-muted/40">
      {/* Past the header's links and the tabs, which are a score of stops for a keyboard. */}
      <SkipLink />
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <div>
            <h1 className="text-xl font-bold">Content Management System</h1>
            <p className="text-sm break-all text-muted-foreground">Welcome, {email}</p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {/* The dashboard, audit log, outbox, redirects, trash and consent log are not the spec's tabs; they sit with the account links. */}
            {headerLinks.map((link) => (
              <NavLink
                key={link.href}
                to={link.href}
                end={link.href === "/cms"}
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {link.title}
              </NavLink>
            ))}
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
        <FailedSignInsNotice notice={failedSignIns} />
        {securityReview && pathname !== "/cms/account" ? <SecurityReviewNotice /> : null}
        <SignInAgainDialog email={email} />
        {/* Asks before leaving a form with unsaved changes (use-unsaved-changes.ts). */}
        <UnsavedChangesPrompt />
        <nav aria-label="CMS sections" className="mb-6">
          <ul className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:grid-cols-3 lg:grid-flow-col lg:grid-cols-none lg:auto-cols-fr">
            {tabs.map((tab) => (
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
                  {tab.href === "/cms/submissions" && unreadSubmissions ? (
                    <>
                      {/* The number for the eye; its sentence for a screen reader, spaced as one. */}
                      <span
                        aria-hidden="true"
                        data-testid="unread-submissions"
                        className="ml-2 rounded-full bg-primary px-2 text-xs font-semibold text-primary-foreground"
                      >
                        {unreadSubmissions}
                      </span>
                      <span className="sr-only">{` (${unreadSubmissions} unread)`}</span>
                    </>
                  ) : null}
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
        <main id="main-content" tabIndex={-1} className="focus:outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
