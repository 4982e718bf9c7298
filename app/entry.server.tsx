import { Writable } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { whenLaterModulesLoaded } from "~/components/ui/hydrate-later";
import { withoutLinkToken } from "~/lib/auth/account-links";
import { NonceProvider } from "~/lib/browser/nonce";
import { StylesheetProvider } from "~/lib/browser/stylesheet";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/server/platform/db/database-unavailable.server";
import { bodyRefusalOf, plainRefusal } from "~/server/platform/http/request-body.server";
import { requestMetrics } from "~/server/platform/http/metrics.server";
import { renderInOnePass } from "~/server/platform/http/render-in-one-pass.server";
import { logRouteError } from "~/server/platform/http/route-errors.server";
import { logger } from "~/server/platform/logger.server";
import siteStylesheet from "./app.css?inline";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A page that failed because the database is down (not because of a bug) is temporarily unavailable.
  const routeErrors = Object.values(routerContext.staticHandlerContext.errors ?? {});
  // A body refused while it was read (too large, not a form, unstorable text) is said plainly,
  // not as a page: the visitor's page was never sent, and the rest of the body is not read.
  const refusal = bodyRefusalOf(routeErrors);
  if (refusal) return plainRefusal(refusal);
  if (responseStatusCode === 500 && routeErrors.some(isDatabaseUnavailable)) responseStatusCode = 503;
  if (responseStatusCode === 503) responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  const page = (
    <NonceProvider value={nonce}>
      <StylesheetProvider value={import.meta.env.PROD ? siteStylesheet : null}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StylesheetProvider>
    </NonceProvider>
  );
  // The components whose code the browser loads later are rendered in full, never as a fallback.
  return whenLaterModulesLoaded().then(async () => {
    const html = await renderInOnePass(page, routerContext);
    requestMetrics().countPageRender(html === null ? "streamed" : "one_pass");
    if (html === null) return renderStreamed(page, request, responseStatusCode, responseHeaders, nonce);
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  });
}

/** A page that waits for something as it renders (render-in-one-pass.server.ts): React's streaming renderer. */
function renderStreamed(
  page: ReactElement,
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  nonce: string,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The whole page is rendered before it is sent, as one body. No page defers data, so streaming
    // would send the same bytes barely sooner, while React writes them in 2 KB pieces that each
    // pass through three streams and the compressor: about half the cost of a page not served from
    // the page cache (docs/performance.md, "The render path").
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // A finished Suspense boundary is written in place, never moved behind a script that
      // reveals it: React otherwise does that to any boundary past the first 12.8 KB of HTML
      // (the FAQ, the carousels of components/ui/hydrate-later.tsx), hiding content until that
      // script runs and letting the page shift when it does.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new Writable({
          write(chunk: Uint8Array, _encoding, callback) {
            chunks.push(Buffer.from(chunk));
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
            callback();
          },
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is ready reject above and are logged by React Router.
        if (shellRendered)
          logger.error(
            { err: error, path: withoutLinkToken(new URL(request.url).pathname) },
            "error while rendering a page",
          );
      },
    });
  });
}

/** Errors thrown by loaders and actions: logged once, with the URL, never shown to visitors (route-errors.server.ts). */
export function handleError(error: unknown, { request }: { request: Request }) {
  logRouteError(error, request);
}
