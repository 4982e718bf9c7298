/**
 * Which addresses a rich-text document may hold. One rule for the editor (the link dialog, pasted
 * links, the image dialog) and the server (the document check), so what the editor accepts is
 * exactly what a save accepts. Built on lib/safe-links, which reads an address as a browser does.
 */
import { isWebAddress, sameSitePath } from "../text/safe-links";

/** "mailto:" with an address and no white space; the mail client reads the rest. */
const MAIL_ADDRESS = /^mailto:[^\s<>"]+@[^\s<>"]+$/i;
/** "tel:" with digits and the separators phone numbers are written with. */
const PHONE_NUMBER = /^tel:\+?[0-9 ().-]{3,32}$/i;

/** A link's address: http(s) with a host, mailto, tel, or a path on this site ("/about"). */
export function isAllowedLinkHref(value: string): boolean {
  return isWebAddress(value) || sameSitePath(value) !== null || MAIL_ADDRESS.test(value) || PHONE_NUMBER.test(value);
}

/** An image's address: http(s) with a host, or a path on this site (the media library's files). */
export function isAllowedImageSrc(value: string): boolean {
  return isWebAddress(value) || sameSitePath(value) !== null;
}

/** A placeholder's key: the format of a site setting's key (app/db/schema/, lib/site/placeholders.ts). */
export const PLACEHOLDER_KEY = /^[a-z][a-z0-9_]*$/;
