/**
 * Where the browser may paint a public page for the first time: once the parser has reached the
 * footer, so with the header and the whole main content laid out. The HTML arrives in one piece
 * (entry.server.tsx), but on a slow phone the parser stops for breath and Chromium would paint
 * what it has: a main menu with three of its items, which then moved left as the rest were parsed
 * (CLS 0.014 on `/` with the CPU slowed down), and a hero whose text moved down when its picture
 * arrived. `<link rel="expect" blocking="render">` in the head (root.tsx) holds the first paint
 * until this element exists, or until the page is parsed if it never does; browsers without it
 * paint as before.
 */
export const SITE_FOOTER_ID = "site-footer";
