/**
 * A page whose form carries a token of its own (/contact: when it was served, signed, so the
 * server can tell a person from a bot that posts at once; http/form-token.server.ts). The page
 * cache keeps such a page with the token cut out and puts the current one in (dated at the end
 * of the current second, shared by that second's visitors), so a bot never gets an old one from
 * the cache.
 *
 * The token is in the form's hidden field and in the page's data for hydration (an inline script),
 * so the hash that allows that script (shareable-html.server.ts) is worked out again each time.
 */
export interface FormTokenSlots {
  /** The HTML split where the token was. */
  html: Buffer[];
  /** Each allowed inline script: its text, split where the token was. */
  scripts: string[][];
}

/** The page's HTML and scripts cut at every occurrence of `token`; null when it holds none. */
export function cutFormToken(html: Buffer, scripts: readonly string[], token: string): FormTokenSlots | null {
  if (token.length === 0 || !html.includes(token)) return null;
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(token); at !== -1; at = html.indexOf(token, from)) {
    parts.push(html.subarray(from, at));
    from = at + Buffer.byteLength(token);
  }
  parts.push(html.subarray(from));
  return { html: parts, scripts: scripts.map((script) => script.split(token)) };
}

/** The page and its scripts with `token` where the old one was. */
export function fillFormToken(slots: FormTokenSlots, token: string): { html: Buffer; scripts: string[] } {
  const separator = Buffer.from(token);
  const html = Buffer.concat(slots.html.flatMap((part, index) => (index === 0 ? [part] : [separator, part])));
  return { html, scripts: slots.scripts.map((parts) => parts.join(token)) };
}
