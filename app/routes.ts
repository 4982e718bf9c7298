import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * The route table, written out by hand so it can be read against SPEC.md section 2.
 * Each issue adds the routes it builds.
 */
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("content/:slug", "routes/site/content.tsx"),
    route("blog", "routes/site/blog.tsx"),
    // The three legal pages share one template; each has its own route id.
    route("privacy-statement", "routes/site/legal.tsx", { id: "legal-privacy-statement" }),
    route("terms-of-use", "routes/site/legal.tsx", { id: "legal-terms-of-use" }),
    route("cookie-policy", "routes/site/legal.tsx", { id: "legal-cookie-policy" }),
    // Any other path: the not-found page, inside the layout, with status 404.
    route("*", "routes/site/not-found.tsx"),
  ]),
  // The admin area: the layout decides between sign-in, Access Denied and the tabs; every child
  // route checks the role again itself.
  route("cms", "routes/cms/layout.tsx", [
    index("routes/cms/index.tsx"),
    route("logout", "routes/cms/logout.ts"),
    route("account", "routes/cms/account.tsx"),
    route("users", "routes/cms/users.tsx"),
    route("content", "routes/cms/content.tsx"),
    route("content/:id", "routes/cms/content-editor.tsx"),
    route("content/:id/preview", "routes/cms/content-preview.tsx"),
    route("careers", "routes/cms/careers.tsx"),
    route("submissions", "routes/cms/submissions.tsx"),
    route("blocks", "routes/cms/blocks.tsx"),
    route("settings", "routes/cms/settings.tsx"),
  ]),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  ...prefix("api", [route("cookie-consent", "routes/api/cookie-consent.ts")]),
] satisfies RouteConfig;
