import type * as React from "react";
import { SignOutButton } from "./sign-out-button";

/** A signed-in user without admin privileges (SPEC.md "Admin area /cms", section 6). */
/** The extra alert two tabs show (SPEC.md section 6), by the path that was refused. */
const TAB_ALERTS: Record<string, string> = {
  "/cms/submissions": "You need admin privileges to view contact submissions.",
  "/cms/careers": "You need admin privileges to manage careers.",
};

export function AccessDenied({
  email,
  pathname,
  signOut = <SignOutButton />,
  backToCms = false,
}: {
  email: string;
  pathname?: string;
  /** The user's role opens other tabs: offer the way back to them. */
  backToCms?: boolean;
  /** The Sign Out control; a page rendered without a router (access-denied-document.tsx) gives its own. */
  signOut?: React.ReactNode;
}) {
  const tabAlert = pathname ? TAB_ALERTS[pathname] : undefined;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4">
      <section className="w-full max-w-md rounded-lg border bg-card p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold">Access Denied</h1>
        {tabAlert ? (
          <p role="alert" className="mt-3 rounded-md border border-destructive bg-destructive/10 px-3 py-2 text-sm">
            {tabAlert}
          </p>
        ) : null}
        <p className="mt-3 text-muted-foreground">
          You don&apos;t have admin privileges to access this area. Please contact an administrator if you need access.
        </p>
        {email ? (
          <p className="mt-4 text-sm">
            Signed in as <strong>{email}</strong>
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap items-center justify-center gap-4">
          {backToCms ? (
            <a href="/cms" className="text-sm font-medium text-primary underline underline-offset-4">
              Back to the CMS
            </a>
          ) : null}
          <a href="/cms/account" className="text-sm font-medium text-primary underline underline-offset-4">
            Change your password
          </a>
          {signOut}
        </div>
      </section>
    </main>
  );
}
