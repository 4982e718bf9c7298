/**
 * Where a link really leads, read the way a browser reads it (`new URL(value, origin)`), for every
 * place that takes an address from a person or a model: the assistant's replies, the content
 * editor's featured image, the blocks' buttons and the settings' web addresses.
 *
 * A browser forgives a lot: it drops tabs and line breaks inside an address, reads "\" as "/",
 * resolves "/../" and treats "//host" as another site. So "/\evil.example" and "/..//evil.example"
 * look like paths but can end up on evil.example (the second once a router or a proxy decodes or
 * re-reads the normalised "//evil.example"). Checking the text with a pattern misses such cases;
 * resolving it, then checking what it resolved to, does not.
 */

/** Any origin of our own, for reading paths when the page's origin does not matter. */
const FALLBACK_ORIGIN = "http://site.invalid";

/** Characters a browser would silently drop or reinterpret: controls, white space, backslash. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const AMBIGUOUS = /[\u0000-\u0020\u007f\\]/;

/**
 * The path (with query and fragment) that `value` leads to on this site, normalised, or null
 * when it is not a same-site path: only "/..." is accepted, and only if it resolves, and stays
 * when read again, on `origin`, without starting with "//" or "/\" (also percent-encoded).
 */
export function sameSitePath(value: string, origin: string = FALLBACK_ORIGIN): string | null {
  const address = value.trim();
  if (!address.startsWith("/") || AMBIGUOUS.test(address)) return null;
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(origin);
    resolved = new URL(address, base);
  } catch {
    return null;
  }
  if (resolved.origin !== base.origin) return null;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // "/..//evil.example" resolves to the path "//evil.example", which, used as a link, is another site.
  if (!startsAsSitePath(resolved.pathname)) return null;
  // A router or a proxy that decodes "%2F" or "%5C" must not find "//" or "/\" either.
  let decoded: string;
  try {
    decoded = decodeURIComponent(resolved.pathname);
  } catch {
    return null;
  }
  if (!startsAsSitePath(decoded)) return null;
  return new URL(path, base).origin === base.origin ? path : null;
}

function startsAsSitePath(pathname: string): boolean {
  return /^\/(?![/\\])/.test(pathname);
}

/**
 * An absolute http(s) address with a host, written plainly: no white space, control character or
 * backslash a browser would reinterpret, so the address shown is the address followed.
 */
export function isWebAddress(value: string, protocols: readonly string[] = ["http:", "https:"]): boolean {
  if (AMBIGUOUS.test(value)) return false;
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== "" && /^https?:\/\/[^/]/i.test(value);
  } catch {
    return false;
  }
}
