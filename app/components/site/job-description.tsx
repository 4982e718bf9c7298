import { cn } from "~/lib/utils";

/**
 * A job's description as its author typed it in the Careers tab: plain text in which a blank line
 * starts a new paragraph and a single line break stays a line break. The text is never read as HTML.
 */
export function JobDescription({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div className={cn("space-y-4", className)}>
      {paragraphs.map((paragraph, index) => (
        // The paragraphs have no identity of their own; their order never changes while shown.
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
