/**
 * The Access Denied page as a whole static document, for the CMS's file routes (CSV exports, a
 * submission's CV): they are resource routes, which React Router does not render, yet a signed-in
 * user without the role should meet the same page as at /cms, not a bare text or JSON answer.
 * It loads no JavaScript: Sign Out is a plain form the browser posts itself.
 */
import { Button } from "~/components/ui/button";
import { StaticDocument } from "~/components/ui/static-document";
import { AccessDenied } from "./access-denied";

export interface AccessDeniedDocumentProps {
  nonce: string;
  stylesheet: string | undefined;
  email: string;
  /** The anti-forgery token the sign-out form carries, as every CMS form does. */
  csrfToken: string;
}

export function AccessDeniedDocument({ nonce, stylesheet, email, csrfToken }: AccessDeniedDocumentProps) {
  return (
    <StaticDocument
      nonce={nonce}
      stylesheet={stylesheet}
      title="Access Denied | Content Management System"
      robots="noindex, nofollow"
    >
      <AccessDenied
        email={email}
        signOut={
          <form method="post" action="/cms/logout">
            <input type="hidden" name="csrf" value={csrfToken} />
            <Button type="submit" variant="outline">
              Sign Out
            </Button>
          </form>
        }
      />
    </StaticDocument>
  );
}
