/** `%`, `_` and `\` typed in a search box are matched literally, not as ILIKE wildcards. */
export function escapeLikePattern(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The ILIKE pattern that finds `query` anywhere in a text. */
export function containsPattern(query: string): string {
  return `%${escapeLikePattern(query)}%`;
}
