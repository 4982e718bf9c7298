/**
 * A whole HTML document rendered without React Router's document (root.tsx): for the pages served
 * as static markup with no JavaScript, such as /download for visitors without scripts and the
 * Access Denied page of the CMS's file routes. It keeps what every page of the site has in its
 * head: the theme before the first paint, the site's stylesheet and icon, and a robots rule.
 */
import { themeInitScript } from "~/lib/site/theme";

export interface StaticDocumentProps {
  /** The nonce the response's Content-Security-Policy allows the theme script with. */
  nonce: string;
  stylesheet: string | undefined;
  title: string;
  description?: string;
  robots: string;
  children: React.ReactNode;
}

export function StaticDocument({ nonce, stylesheet, title, description, robots, children }: StaticDocumentProps) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The visitor's theme before the first paint, as on every page of the site. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeInitScript }} />
        <title>{title}</title>
        {description ? <meta name="description" content={description} /> : null}
        <meta name="robots" content={robots} />
        {stylesheet ? <link rel="stylesheet" href={stylesheet} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body className="min-h-dvh bg-background text-foreground antialiased">{children}</body>
    </html>
  );
}
