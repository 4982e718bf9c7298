/**
 * /downloads/:document: a generated PDF (SPEC.md section 2's "Download AWS Guide" and the other
 * download buttons) in exchange for a name and an e-mail address.
 *
 * GET shows a small page with the form, for visitors without JavaScript (the button links here);
 * with JavaScript the button opens a dialog that posts the same form here with fetch. POST checks
 * the per-address limit and the form, records the request as a contact submission and answers
 * with the PDF itself as an attachment.
 *
 * This is a resource route (no component): React Router hands a route's own Response back to the
 * browser only for resource routes. A page route's action could not answer a document POST with a
 * PDF, so this module renders its small page itself, outside the site layout, as static HTML.
 * Cross-site POSTs are refused before they reach it (server/app.ts, same-origin.server.ts), so the
 * form needs no anti-forgery token; it changes no signed-in state either.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { data } from "react-router";
import stylesheet from "~/app.css?url";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/form-field";
import { DOWNLOAD_LIMITS, DOWNLOAD_MESSAGES, downloadFormValues, downloadRequestSchema } from "~/lib/schemas/download";
import { fieldErrors } from "~/lib/schemas/auth";
import { siteIdentityFromSettings } from "~/lib/site-identity";
import { themeInitScript } from "~/lib/theme";
import { getDb } from "~/server/platform/db/database.server";
import { findDownloadDocument, requestDownload, type DownloadDocument } from "~/server/content/downloads.server";
import { getEnv } from "~/server/platform/env.server";
import { attachmentDisposition } from "~/server/platform/http/content-disposition.server";
import { logger } from "~/server/platform/logger.server";
import { RateLimiter } from "~/server/platform/rate-limit/rate-limit.server";
import { getPublicSettings } from "~/server/content/site-settings.server";
import type { Route } from "./+types/download";

/** Ten documents in ten minutes from one address is far more than a person asks for. */
const downloadLimiter = new RateLimiter("download", 10, 10 * 60_000);

/** A name and an e-mail address fit in far less; anything bigger is not this form. */
const MAX_BODY_BYTES = 8 * 1024;

/** What the dialog gets back when it asks for JSON (a PDF is sent as itself). */
export interface DownloadErrorBody {
  error?: string;
  fieldErrors?: Record<string, string>;
}

type PageDocument = DownloadDocument & { id: string };

interface PageState {
  values?: { name?: string; email?: string };
  fieldErrors?: Record<string, string>;
  error?: string;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const document = findDownloadDocument(params.document);
  const settings = await getPublicSettings(getDb);
  if (!document) return notFoundPage(settings, context.cspNonce);
  return htmlPage(document, settings, context.cspNonce, {}, 200);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  const settings = await getPublicSettings(getDb);
  const document = findDownloadDocument(params.document);
  if (request.method !== "POST") {
    return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  }
  if (!document) {
    return wantsJson
      ? Response.json({ error: DOWNLOAD_MESSAGES.notFound } satisfies DownloadErrorBody, { status: 404 })
      : notFoundPage(settings, context.cspNonce);
  }

  const fail = (status: number, state: PageState, headers: Record<string, string> = {}) =>
    wantsJson
      ? Response.json({ error: state.error, fieldErrors: state.fieldErrors } satisfies DownloadErrorBody, {
          status,
          headers,
        })
      : htmlPage(document, settings, context.cspNonce, state, status, headers);

  const limit = await downloadLimiter.hit(context.clientAddress);
  if (!limit.allowed) {
    return fail(429, { error: DOWNLOAD_MESSAGES.tooMany }, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) {
    return fail(413, { error: "The form is too large." });
  }

  let values: Record<string, unknown>;
  try {
    values = downloadFormValues(await request.formData());
  } catch {
    return fail(400, { error: "The form could not be read. Please try again." });
  }
  const parsed = downloadRequestSchema.safeParse(values);
  if (!parsed.success) {
    return fail(400, {
      values: values as PageState["values"],
      fieldErrors: fieldErrors(parsed.error),
    });
  }

  try {
    const { filename, pdf } = await requestDownload(await getDb(), document.id, parsed.data, settings, {
      publicUrl: getEnv().publicUrl,
    });
    return new Response(new Uint8Array(pdf), {
      status: 200,
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": attachmentDisposition(filename),
        "Content-Length": String(pdf.length),
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    logger.error({ err: error, document: document.id }, "could not prepare a download");
    return fail(500, { values: parsed.data, error: DOWNLOAD_MESSAGES.failed });
  }
}

/* ------------------------------------------------------------------------------------------------
 * The page, rendered here as static HTML (see the note at the top).
 * ---------------------------------------------------------------------------------------------- */

function htmlResponse(markup: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(`<!DOCTYPE html>${markup}`, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "X-Robots-Tag": "noindex",
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}

function htmlPage(
  document: PageDocument,
  settings: Readonly<Record<string, string>>,
  nonce: string,
  state: PageState,
  status: number,
  headers: Record<string, string> = {},
): Response {
  const identity = siteIdentityFromSettings(settings);
  const title = `Download: ${document.title}`;
  return htmlResponse(
    renderToStaticMarkup(
      <PageShell title={`${title} | ${identity.companyName}`} description={document.summary(settings)} nonce={nonce}>
        <SiteBar companyName={identity.companyName} />
        <main id="main-content" className="flex-1 px-4 py-12 sm:px-6">
          <div className="mx-auto max-w-lg">
            <a
              href={document.sourcePath}
              className="text-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
            >
              Back to {document.sourceLabel(settings)}
            </a>
            <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
            <p className="mt-4 leading-7">{document.summary(settings)}</p>
            <p className="mt-3 leading-7 text-muted-foreground">
              Tell us your name and e-mail address and the PDF downloads straight away. We keep your details so that our
              team can follow up on your interest; see our{" "}
              <a href="/privacy-statement" className="font-medium text-primary underline underline-offset-4">
                Privacy Statement
              </a>
              .
            </p>
            <DownloadPageForm action={`/downloads/${document.id}`} state={state} />
          </div>
        </main>
        <SiteFoot companyName={identity.companyName} />
      </PageShell>,
    ),
    status,
    headers,
  );
}

function notFoundPage(settings: Readonly<Record<string, string>>, nonce: string): Response {
  const identity = siteIdentityFromSettings(settings);
  return htmlResponse(
    renderToStaticMarkup(
      <PageShell title={`Document not found | ${identity.companyName}`} nonce={nonce}>
        <SiteBar companyName={identity.companyName} />
        <main id="main-content" className="flex-1 px-4 py-16 text-center sm:px-6">
          <p className="text-5xl font-bold">404</p>
          <h1 className="mt-4 text-2xl font-semibold">Document not found</h1>
          <p className="mt-3 text-muted-foreground">{DOWNLOAD_MESSAGES.notFound}</p>
          <a href="/" className="mt-6 inline-block font-medium text-primary underline underline-offset-4">
            Return to Home
          </a>
        </main>
        <SiteFoot companyName={identity.companyName} />
      </PageShell>,
    ),
    404,
  );
}

function PageShell({
  title,
  description,
  nonce,
  children,
}: {
  title: string;
  description?: string;
  nonce: string;
  children: React.ReactNode;
}) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The visitor's theme before the first paint, as on every page of the site. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeInitScript }} />
        <title>{title}</title>
        {description ? <meta name="description" content={description} /> : null}
        <meta name="robots" content="noindex" />
        {stylesheet ? <link rel="stylesheet" href={stylesheet} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body className="min-h-dvh bg-background text-foreground antialiased">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        <div className="flex min-h-dvh flex-col">{children}</div>
      </body>
    </html>
  );
}

function SiteBar({ companyName }: { companyName: string }) {
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
        <a href="/" className="text-lg font-bold tracking-tight text-foreground">
          {companyName}
        </a>
      </div>
    </header>
  );
}

function SiteFoot({ companyName }: { companyName: string }) {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-muted-foreground sm:px-6 lg:px-8">
        <p>
          &copy; {new Date().getFullYear()} {companyName}. All rights reserved.
        </p>
        <nav aria-label="Legal">
          <ul className="flex gap-4">
            <li>
              <a href="/privacy-statement" className="underline underline-offset-4 hover:text-foreground">
                Privacy Statement
              </a>
            </li>
            <li>
              <a href="/terms-of-use" className="underline underline-offset-4 hover:text-foreground">
                Terms of Use
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/** The form without JavaScript: the browser's own checks, then the server's messages on a 400. */
function DownloadPageForm({ action, state }: { action: string; state: PageState }) {
  const errors = state.fieldErrors ?? {};
  return (
    <form method="post" action={action} className="mt-8 grid gap-5 rounded-lg border bg-card p-6 text-card-foreground">
      <FormAlert>{state.error}</FormAlert>
      <TextField
        id="download-name"
        name="name"
        label="Name"
        autoComplete="name"
        required
        maxLength={DOWNLOAD_LIMITS.name}
        defaultValue={state.values?.name ?? ""}
        error={errors.name}
      />
      <TextField
        id="download-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        maxLength={DOWNLOAD_LIMITS.email}
        defaultValue={state.values?.email ?? ""}
        error={errors.email}
      />
      <Button type="submit" size="lg">
        Download PDF
      </Button>
    </form>
  );
}
