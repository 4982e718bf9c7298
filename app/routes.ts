import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * The route table, written out by hand so it can be read against SPEC.md section 2.
 * Each issue adds the routes it builds.
 */
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    // Any other path: the not-found page, inside the layout, with status 404.
    route("*", "routes/site/not-found.tsx"),
  ]),
  ...prefix("api", [route("cookie-consent", "routes/api/cookie-consent.ts")]),
] satisfies RouteConfig;
