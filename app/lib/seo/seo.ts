/** What the SEO panel counts against: the lengths search results and social cards show in full. */
export const META_TITLE_AIM = 60;
export const META_DESCRIPTION_AIM = 160;

/** "42 of 60 characters" or "5 characters over the recommended 60": the counter's words. */
export function characterCount(length: number, aim: number): { text: string; over: boolean } {
  if (length > aim) {
    const over = length - aim;
    return { text: `${length} characters: ${over} over the recommended ${aim}`, over: true };
  }
  return { text: `${length} of ${aim} characters`, over: false };
}

/** Text cut at `max` characters (at a word where one is near) with an ellipsis, as a search result shows it. */
export function previewText(text: string, max: number): string {
  const value = text.trim().replace(/\s+/g, " ");
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
