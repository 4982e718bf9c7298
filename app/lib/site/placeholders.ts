/**
 * Placeholders in content: `{{key}}` is replaced by the value of the site setting with that key,
 * so copy such as "{{company_name}}" follows a re-brand. The caller passes only the PUBLIC
 * settings; a placeholder without a matching key stays exactly as written.
 */

const PLACEHOLDER = /\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to place inside HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

export function applyPlaceholders(
  text: string,
  values: Readonly<Record<string, string>>,
  options: { html?: boolean } = {},
): string {
  return text.replace(PLACEHOLDER, (match, key: string) => {
    // Own keys only: "{{constructor}}" must not reach Object.prototype.
    if (!Object.hasOwn(values, key)) return match;
    const value = values[key] ?? "";
    // Inside HTML a value is text, never markup.
    return options.html ? escapeHtml(value) : value;
  });
}

/**
 * Fills placeholders in every string of a piece of typed copy (objects, arrays, strings), as plain
 * text; the copy's shape is unchanged.
 */
export function fillPlaceholdersDeep<T>(value: T, values: Readonly<Record<string, string>>): T {
  if (typeof value === "string") return applyPlaceholders(value, values) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillPlaceholdersDeep(item, values)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillPlaceholdersDeep(item, values)]),
    ) as T;
  }
  return value;
}
