import { useEffect } from "react";
import { data, Link, useLocation } from "react-router";
import { NOT_FOUND_CONSOLE_MESSAGE } from "~/lib/site/not-found";
import { pageMeta } from "~/lib/seo/meta";
import { logger } from "~/server/platform/logger.server";
import type { Route } from "./+types/not-found";

/** Any path no other route claims (SPEC.md "Not-found page"): status 404, and the path is logged. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  logger.warn({ path: pathname }, "page not found");
  return data({ pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Page not found" }),
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  const { pathname } = useLocation();
  // SPEC.md: "The missing path is logged to the console", in the browser too, with the original's words.
  useEffect(() => console.error(NOT_FOUND_CONSOLE_MESSAGE, pathname), [pathname]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Link to="/" className="font-medium text-primary underline underline-offset-4">
        Return to Home
      </Link>
    </section>
  );
}
