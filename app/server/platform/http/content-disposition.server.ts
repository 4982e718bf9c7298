/**
 * `Content-Disposition: attachment` with a file name that is safe in a header (RFC 6266): an ASCII
 * fallback in `filename` (no quotes, backslashes or control characters) and the exact name in
 * `filename*` as RFC 5987 UTF-8 percent-encoding. Nothing a visitor typed can end the header.
 */
export function attachmentDisposition(filename: string, fallback = "attachment"): string {
  const clean = filename.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "").trim() || fallback;
  const ascii =
    clean
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["\\%]/g, "_")
      .trim() || fallback;
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
