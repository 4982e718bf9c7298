/**
 * The architecture's rules, checked by `npm run lint` and `npm test` (dependency-cruiser): the
 * layers of docs/architecture.md, kept by a tool rather than by memory.
 */

/**
 * Every domain folder of app/server/ (all of them but platform/). A new domain folder goes here,
 * or the rule "server-folders-are-named" refuses its modules; the layer rules then cover it.
 */
const DOMAINS = ["auth", "content", "careers", "contact", "commerce", "publishing", "media", "dashboard", "assistant"];
const anyOf = (names) => `(${names.join("|")})`;
const DOMAINS_BUT_THE_ASSISTANT = DOMAINS.filter((domain) => domain !== "assistant");

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "server-folders-are-named",
      comment:
        "Every folder of app/server/ is platform/ or a domain named in DOMAINS above, so that the layer rules below know it.",
      severity: "error",
      from: { path: "^app/server/", pathNot: `^app/server/(platform|${DOMAINS.join("|")})/` },
      to: {},
    },
    {
      name: "no-import-loops",
      comment: "Modules that import each other cannot be understood, tested or moved one at a time.",
      severity: "error",
      from: { path: "^(app|server)/" },
      to: { circular: true },
    },
    {
      name: "platform-imports-no-domain",
      comment: "app/server/platform is what every domain builds on; it must not know any of them.",
      severity: "error",
      from: { path: "^app/server/platform/" },
      to: { path: `^app/server/${anyOf(DOMAINS)}/` },
    },
    {
      name: "domains-do-not-import-the-assistant",
      comment: "The assistant follows the domains (it listens for cache invalidations), never the reverse.",
      severity: "error",
      from: { path: `^app/server/${anyOf(DOMAINS_BUT_THE_ASSISTANT)}/` },
      to: { path: "^app/server/assistant/" },
    },
    {
      name: "lib-is-isomorphic",
      comment: "app/lib runs in the browser too: it may not import server code.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^app/server/" },
    },
    {
      name: "components-do-not-import-routes",
      comment:
        "Route modules use components, not the other way round. A component may name the view type a route's server module maps to (erased at build; a loop is still refused above).",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "^app/routes/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "charts-only-on-the-dashboard",
      comment:
        "The charting library (recharts, docs/decisions/024) is heavy: only the dashboard's chart module may import it, and the dashboard loads that module lazily, so public pages and the CMS's other tabs never download it.",
      severity: "error",
      from: { pathNot: "^app/components/cms/dashboard/period-chart\\.tsx$" },
      to: { path: "(^|/)node_modules/recharts/" },
    },
    {
      name: "server-code-stays-on-the-server",
      comment: "Components and app/lib never import *.server code (a type is erased, so it may be shared).",
      severity: "error",
      from: { path: "^app/(components|lib)/" },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)\\.react-router/|\\+types/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".json"] },
  },
};
