/**
 * The download page (/downloads/<document>), rendered by its resource route as static HTML that
 * loads no JavaScript (docs/decisions/008): the site's own header and footer in their script-free
 * form, and the download form, which the browser posts itself.
 */
import { SkipLink } from "~/components/ui/skip-link";
import type * as React from "react";
import { StaticRouter } from "react-router";
import { StaticSiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { Button } from "~/components/ui/button";
import type { NavItem } from "~/lib/site/navigation";
import type { SiteIdentity } from "~/lib/site/site-identity";
import { StaticDocument } from "~/components/ui/static-document";
import { DOWNLOAD_FORM_INTRO, DownloadFormFields, type DownloadField } from "./download-form-fields";

/** What the page's form shows: what was typed, and the server's messages. */
export interface DownloadFormState {
  values?: Partial<Record<DownloadField, string>>;
  fieldErrors?: Record<string, string>;
  error?: string;
}

/** Everything around the page's main content. */
export interface DownloadPageFrame {
  nonce: string;
  stylesheet: string | undefined;
  menu: readonly NavItem[];
  identity: SiteIdentity;
  year: number;
  /** The page's own address, for the menu's current link. */
  pathname: string;
}

/** The page with a document's form. */
export function DownloadPage({
  frame,
  document,
  state,
}: {
  frame: DownloadPageFrame;
  document: { id: string; title: string; summary: string; sourcePath: string; sourceLabel: string };
  state: DownloadFormState;
}) {
  const title = `Download: ${document.title}`;
  return (
    <PageShell frame={frame} title={`${title} | ${frame.identity.companyName}`} description={document.summary}>
      <main id="main-content" className="flex-1 px-4 py-12 sm:px-6">
        <div className="mx-auto max-w-lg">
          <a
            href={document.sourcePath}
            className="text-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            Back to {document.sourceLabel}
          </a>
          <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
          <p className="mt-4 leading-7">{document.summary}</p>
          <p className="mt-3 leading-7 text-muted-foreground">
            {DOWNLOAD_FORM_INTRO}; see our{" "}
            <a href="/privacy-statement" className="font-medium text-primary underline underline-offset-4">
              Privacy Statement
            </a>
            .
          </p>
          {/* Without JavaScript: the browser's own checks, then the server's messages on a 400. */}
          <form
            method="post"
            action={`/downloads/${document.id}`}
            className="mt-8 grid gap-5 rounded-lg border bg-card p-6 text-card-foreground"
          >
            <DownloadFormFields
              idPrefix="download"
              formError={state.error}
              errors={state.fieldErrors ?? {}}
              values={{ name: state.values?.name ?? "", email: state.values?.email ?? "" }}
            />
            <Button type="submit" size="lg">
              Download PDF
            </Button>
          </form>
        </div>
      </main>
    </PageShell>
  );
}

/** The page for an address that names no document. */
export function DownloadNotFoundPage({ frame, message }: { frame: DownloadPageFrame; message: string }) {
  return (
    <PageShell frame={frame} title={`Document not found | ${frame.identity.companyName}`}>
      <main id="main-content" className="flex-1 px-4 py-16 text-center sm:px-6">
        <p className="text-5xl font-bold">404</p>
        <h1 className="mt-4 text-2xl font-semibold">Document not found</h1>
        <p className="mt-3 text-muted-foreground">{message}</p>
        <a href="/" className="mt-6 inline-block font-medium text-primary underline underline-offset-4">
          Return to Home
        </a>
      </main>
    </PageShell>
  );
}

function PageShell({
  frame,
  title,
  description,
  children,
}: {
  frame: DownloadPageFrame;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <StaticDocument
      nonce={frame.nonce}
      stylesheet={frame.stylesheet}
      title={title}
      description={description}
      robots="noindex"
    >
      <SkipLink />
      {/* The header's and footer's links need a router; nothing here navigates on the client. */}
      <StaticRouter location={frame.pathname}>
        <div className="flex min-h-dvh flex-col">
          <SiteHeader items={frame.menu} siteName={frame.identity.companyName} withoutScript />
          {children}
          <StaticSiteFooter identity={frame.identity} year={frame.year} />
        </div>
      </StaticRouter>
    </StaticDocument>
  );
}
