import { Link, NavLink, Outlet, useNavigation } from "react-router";
import { cn } from "~/lib/utils";
import type { FailedSignInsNotice as FailedSignInsNoticeData } from "./cms-layout-data";
import { FailedSignInsNotice } from "./failed-sign-ins-notice";
import { SignInAgainDialog } from "./session-recovery/sign-in-again-dialog";
import { useToastUndo } from "./use-toast-undo";
import { SignOutButton } from "./sign-out-button";
import { UnsavedChangesPrompt } from "./unsaved-changes-prompt";

/**
 * The CMS tabs: the spec's five (SPEC.md "Admin area /cms"), then the shop's Courses and Orders,
 * the site assistant's unanswered questions, the media library, then Users; the bar is laid out for ten columns on
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
  { title: "Media", href: "/cms/media" },
  { title: "Users", href: "/cms/users" },
] as const;

/** The admin area: the header with the account links, the tabs, and the tab itself (the outlet). */
export function AdminArea({ email, failedSignIns }: { email: string; failedSignIns?: FailedSignInsNoticeData | null }) {
  const navigation = useNavigation();
  useToastUndo();
  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <div>
            <h1 className="text-xl font-bold">Content Management System</h1>
            <p className="text-sm break-all text-muted-foreground">Welcome, {email}</p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {/* The dashboard (/cms itself) and the audit history (issue 18) sit with the account links. */}
            <NavLink to="/cms" end className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Dashboard
            </NavLink>
            <NavLink to="/cms/audit" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Audit log
            </NavLink>
            {/* The e-mail outbox is not one of the spec's tabs; it sits with the account links. */}
            <NavLink to="/cms/outbox" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Outbox
            </NavLink>
            {/* Redirects and the trash (issue 17) are not the spec's tabs either. */}
            <NavLink
              to="/cms/redirects"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Redirects
            </NavLink>
            <NavLink to="/cms/trash" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Trash
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
        <FailedSignInsNotice notice={failedSignIns} />
        <SignInAgainDialog email={email} />
        {/* Asks before leaving a form with unsaved changes (use-unsaved-changes.ts). */}
        <UnsavedChangesPrompt />
        <nav aria-label="CMS sections" className="mb-6">
          <ul className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:grid-cols-3 lg:grid-cols-10">
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
