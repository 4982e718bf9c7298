/**
 * The document the content editor's live preview frame shows (routes/cms/content-live-preview.tsx):
 * the public content page's article with the site's stylesheet, rendered on the server as static
 * markup. It carries no script at all (the response's CSP admits none without its nonce, and the
 * body is sanitised as on the public page), so the theme is set on <html> by the server from what
 * the editor's page showed; links open in a new tab, since the public pages refuse to be framed.
 */
import { ContentArticle } from "~/components/site/content-article";
import type { ResponsiveImageData } from "~/lib/cms/media";
import type { ContentPageView } from "~/server/content/content.server";

export type PreviewTheme = "light" | "dark";

export interface LivePreviewDocumentProps {
  stylesheet: string | undefined;
  theme: PreviewTheme;
  /** The page as the public site would show it, or null with `problem` when it cannot be shown. */
  item: ContentPageView | null;
  image: ResponsiveImageData | null;
  siteName: string;
  /** Why the page cannot be shown yet (an unreadable document, a body over the limit). */
  problem?: string;
}

export function LivePreviewDocument({ stylesheet, theme, item, image, siteName, problem }: LivePreviewDocumentProps) {
  return (
    <html lang="en-GB" className={theme === "dark" ? "dark" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`Live preview: ${item?.title || "Content"}`}</title>
        <meta name="robots" content="noindex, nofollow" />
        {/* Links leave the frame: the public pages may not be framed (frame-ancestors 'none'). */}
        <base target="_blank" />
        {stylesheet ? <link rel="stylesheet" href={stylesheet} /> : null}
      </head>
      <body className="min-h-dvh bg-background text-foreground antialiased">
        <main>
          {item ? (
            <ContentArticle item={item} image={image} siteName={siteName} />
          ) : (
            <div className="mx-auto max-w-4xl px-4 py-16">
              <h1 className="text-2xl font-semibold">The preview cannot show this yet</h1>
              <p className="mt-4 text-muted-foreground" data-testid="live-preview-problem">
                {problem}
              </p>
            </div>
          )}
        </main>
      </body>
    </html>
  );
}
