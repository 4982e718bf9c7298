import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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
        name: "ui",
        test: /node_modules[\\/](clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs)|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|defaultAttributes|Icon|shared))/,
        priority: 20,
      },
      {
        // Shared by the public pages. The form schemas (and zod), the contact form's texts, the
        // download dialog, the FAQ accordion (with Radix's accordion, about 7 KB: only the pages
        // with questions load it) and the site assistant's panel and texts (lib/chat*, site/chat-*;
        // only its button is on every page) stay with the code that loads them when needed.
        // A module two chunks share lands here, on every page, even when both chunks are the CMS's
        // (minShareCount counts every route): so the CMS-only trash texts, the content page's
        // article (shared with the CMS preview) with its responsive image, and the content blocks
        // (drawn on the server; only their markup travels) stay out, as do the icons only CMS
        // pages share. lib/utils.ts (cn, with tailwind-merge: about 9 KB) stays out too: the public
        // pages join classes with lib/class-names.ts, and only the CMS and code loaded on demand
        // merge them (docs/decisions/027). An icon only the CMS or a checkout page needs should
        // not also be used elsewhere (npm run bench:js checks the budget).
        name: "site",
        test: /app[\\/](lib[\\/](?!schemas|contact-form|chat|trash|blocks|utils\.)|components[\\/](ui[\\/](button|toaster|badge)|site[\\/](?!chat-|content-article|responsive-image|blocks[\\/](?!cards-with-blocks))|marketing[\\/](?!download-dialog|faq-accordion)))|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](?!image\.|toggle-(left|right)\.)/,
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
  plugins: [tailwindcss(), reactRouter()],
}));
