import { cx } from "~/lib/class-names";

/** How the editor's formatting looks on a public page: the content article's rules, at this size. */
const RICH_TEXT_CLASSES =
  "space-y-4 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_table]:w-full [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:p-2 [&_ul]:list-disc [&_ul]:pl-6";

/**
 * A description from the CMS. Edited in the rich-text editor, it is that HTML, sanitised
 * on the server (publicDescriptionHtml). Never edited there, it is the plain text its author typed:
 * a blank line starts a new paragraph, a single line break stays one, and it is never read as HTML.
 */
export function JobDescription({ text, html, className }: { text: string; html?: string | null; className?: string }) {
  if (html) {
    return (
      <div
        data-testid="rich-description"
        className={cx(RICH_TEXT_CLASSES, className)}
        // Sanitised on the server (publicDescriptionHtml); never raw stored HTML.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div className={cx("space-y-4", className)}>
      {paragraphs.map((paragraph, index) => (
        // The paragraphs have no identity of their own; their order never changes while shown.
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
