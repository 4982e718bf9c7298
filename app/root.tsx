import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
  type LinksFunction,
  type ShouldRevalidateFunction,
} from "react-router";
import { showToast, Toaster } from "~/components/ui/toaster";
import { SITE_FOOTER_ID } from "~/lib/browser/first-paint";
import { useNonce } from "~/lib/browser/nonce";
import { toastUndoAction } from "~/lib/cms/toast-undo";
import { InlineStylesheet } from "~/lib/browser/stylesheet";
import { themeInitScript } from "~/lib/site/theme";
import { isUnsentForm } from "~/lib/browser/unsent-form";
import { getToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/root";
import type { loader as siteLayoutLoader } from "./routes/site/layout";
import stylesheet from "./app.css?url";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";

export const links: LinksFunction = () => [
  // In production the stylesheet is inlined (lib/browser/stylesheet.tsx); Vite serves it in development.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await getToast(request);
  return data({ toast }, headers ? { headers } : undefined);
}

/**
 * The root loader only reads the flash toast, so it runs again after every submission, including
 * one answered with 4xx (which React Router would otherwise not revalidate after): that is how an
 * action's error toast reaches the page.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionResult, defaultShouldRevalidate }) =>
  // A form that never reached the site has no toast waiting (lib/browser/unsent-form.ts).
  !isUnsentForm(actionResult) && ((formMethod !== undefined && formMethod !== "GET") || defaultShouldRevalidate);

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Public pages show the cookie banner; the policy version decides whether a stored choice holds.
  const site = useRouteLoaderData<typeof siteLayoutLoader>("routes/site/layout");
  return (
    // The theme script may add "dark" before React hydrates; that difference is expected.
    <html lang="en-GB" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Ran while the page was parsed; hydration keeps the server's text, so the bundle need not carry it. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? themeInitScript : "" }}
        />
        {/* The first paint waits for the footer: nothing moves as the parser catches up (lib/browser/first-paint.ts). */}
        {site ? <link rel="expect" href={`#${SITE_FOOTER_ID}`} blocking="render" /> : null}
        {site ? (
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: site.cookieBannerScript }}
          />
        ) : null}
        <Meta />
        <InlineStylesheet />
        <Links />
      </head>
      <body className="min-h-dvh antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();

  useEffect(() => {
    if (!toast) return;
    // The CMS registers how to undo before this runs (a child's effects run first).
    const undo = toastUndoAction(toast.undo);
    showToast(toast.type, toast.title ?? toast.description, {
      id: toast.id,
      description: toast.title ? toast.description : undefined,
      ...(undo ? { action: undo, duration: 10_000 } : {}),
    });
  }, [toast]);

  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

/**
 * The root error page's <title> (a document without one is invalid HTML) and noindex: it shows
 * only when a route failed, so there is nothing for a search engine to keep.
 */
export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? [
        { title: isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Something went wrong" },
        { name: "robots", content: "noindex" },
      ]
    : [];

/** The last resort for an error no route handled: a friendly page, never a stack trace. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      layout="page"
      code={(status) => (status === 404 ? "404" : "Sorry")}
      byStatus={{
        404: {
          title: "Oops! Page not found",
          message: "The page you were looking for does not exist.",
          link: HOME_LINK,
        },
      }}
      otherwise={{
        title: "Something went wrong on our side",
        message: "We have been told about it. Please try again in a moment, or return to the home page.",
        link: HOME_LINK,
      }}
    />
  );
}

const HOME_LINK = { to: "/", label: "Return to Home" };
