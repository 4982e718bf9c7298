import { constants as zlibConstants } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

/** The route modules of the public pages; the root and the site's layout are on every one. */
const PUBLIC_ROUTE = /app[\\/](root\.tsx$|routes[\\/]site[\\/])/;
const EVERY_PUBLIC_PAGE = /app[\\/](root\.tsx|routes[\\/]site[\\/]layout\.tsx)$/;
/** The part of the bundler's chunking context used here. */
interface ChunkingContext {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/** The public route modules that import the module statically, directly or through others. */
function publicRoutesImporting(id: string, context: ChunkingContext): Set<string> {
  const routes = new Set<string>();
  const seen = new Set<string>();
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    if (PUBLIC_ROUTE.test(next)) routes.add(next);
    else queue.push(...(context.getModuleInfo(next)?.importers ?? []));
  }
  return routes;
}

/**
 * Whether a module belongs in the "site" chunk, which every public page loads: when the root or
 * the site's layout needs it, or two public pages or more do. The group's own minShareCount counts
 * every route, the CMS's too, so without this check a module the CMS's routes share (its
 * permissions, its icons), or one public page shares with the CMS, would cost every visitor its
 * bytes.
 */
function sharedByPublicPages(id: string, context: ChunkingContext): boolean {
  const routes = [...publicRoutesImporting(id, context)];
  return routes.length >= 2 || routes.some((route) => EVERY_PUBLIC_PAGE.test(route));
}

/**
 * Fewer, larger chunks for the browser. Left alone, the bundler splits the shared code of the
 * routes into two dozen files of a few hundred bytes, and each costs a request with its ~900 bytes
 * of security headers on a phone's slow connection. The framework, the UI toolkit and the public
 * site's shared components each become one file instead (npm run bench shows the effect).
 */
const clientChunks = {
  codeSplitting: {
    groups: [
      {
        name: "framework",
        test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
        priority: 30,
      },
      {
        // Class joining and Slot. lucide-react is not here: the public pages draw their icons from
        // the /icons.svg sprite (components/ui/icon.tsx), so lucide goes with the CMS's chunks.
        name: "ui",
        test: /node_modules[\\/](clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/,
        priority: 20,
      },
      {
        // Shared by the public pages, and only what a public page imports without waiting (see
        // sharedByPublicPages below): the CMS's own libraries and icons, the FAQ accordion, the
        // carousel, the site assistant's panel and the download dialog stay with the code that
        // loads them. The form schemas (and zod), the contact form's texts, and the content page's
        // article (shared with the CMS preview) with its responsive image, and the content blocks
        // (drawn on the server; only their markup travels), are public but needed by one page
        // each, while minShareCount counts the CMS's routes too: they stay out by name.
        // lib/utils.ts (cn, with tailwind-merge: about 9 KB) stays out too: the public pages join
        // classes with lib/class-names.ts (docs/decisions/028). npm run bench:js checks the budget.
        name: (id: string, context: ChunkingContext) => (sharedByPublicPages(id, context) ? "site" : null),
        test: /app[\\/](lib[\\/](?!schemas|contact[\\/]contact-form|chat[\\/]|cms[\\/]trash|blocks|utils\.)|components[\\/](ui[\\/](button|toaster|badge)|site[\\/](?!chat-|content-article|responsive-image|blocks[\\/](?!cards-with-blocks))|marketing[\\/](?!download-dialog|faq-accordion)))/,
        minShareCount: 2,
        priority: 10,
      },
    ],
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle starts from our Express app so the production server and the routes
  // share one module graph (one database connection, one configuration).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : { rolldownOptions: { output: clientChunks } },
  resolve: { tsconfigPaths: true },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Brotli (at its best, once per build) and gzip copies of the browser's text files beside each,
    // sent as they are by the server (server/app.ts) instead of compressed on every request.
    ...(isSsrBuild
      ? []
      : [
          compression({
            algorithms: [
              defineAlgorithm("brotliCompress", { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
              defineAlgorithm("gzip", { level: 9 }),
            ],
            include: /\.(js|css|svg|json|txt|xml|webmanifest)$/,
            threshold: 1024,
            logLevel: "silent",
          }),
        ]),
  ],
}));
