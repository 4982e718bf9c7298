/**
 * The one way a route reads a request body: counted as it arrives and abandoned at the address's
 * cap (`body-limits.server.ts`), so no body is ever held whole before its size is known. Text must
 * be valid UTF-8 and free of NUL characters (PostgreSQL cannot store U+0000 in text), checked here
 * once so that no route forgets it. Whatever is refused throws a `RequestBodyError`: 413 for too
 * much, 415 for a type the route does not read, 400 for anything malformed, each with a message a
 * person can act on.
 *
 * A route that has nowhere better to show the refusal throws `bodyRefusal(error)`; the document
 * renderer (`entry.server.tsx`) answers that with the message as plain text (`bodyRefusalOf`). The
 * request rules (`request-rules.server.ts`) close the connection after any answer given before the
 * body was read to its end, so the unread rest is never read.
 */
import { data, isRouteErrorResponse } from "react-router";
import { ExpectedError } from "../errors.server";
import { bodyLimitFor, describeBytes } from "./body-limits.server";

export const BODY_MESSAGES = {
  tooLarge: (limit: number) =>
    `The request is too large: this address accepts at most ${describeBytes(limit)}. Please shorten it and try again.`,
  notJson: "The request body must be JSON.",
  notForm: "The form could not be read. Please reload the page and try again.",
  formType: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
  noFiles: "This form does not take files.",
  notUtf8: "The request contains text that is not valid UTF-8. Please check what you typed and try again.",
  nul: "The request contains a NUL character (U+0000), which cannot be stored. Please remove it and try again.",
} as const;

export class RequestBodyError extends ExpectedError {
  override name = "RequestBodyError";
  constructor(message: string, status: 400 | 413 | 415 = 400) {
    super(message, { status });
  }
}

/** The address's cap, from the one table. */
function limitOf(request: Request): number {
  return bodyLimitFor(new URL(request.url).pathname);
}

/**
 * The body's bytes, or RequestBodyError(413) as soon as more than `limit` arrived (or were
 * announced). The rest is left unread: the stream is released, not cancelled, because cancelling
 * would destroy the socket before the 413 could be sent.
 */
export async function readBodyBytes(request: Request, limit = limitOf(request)): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw new RequestBodyError(BODY_MESSAGES.tooLarge(limit), 413);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) throw new RequestBodyError(BODY_MESSAGES.tooLarge(limit), 413);
      chunks.push(value);
    }
  } catch (error) {
    // A client that went away mid-body, or a broken chunked encoding.
    throw error instanceof RequestBodyError ? error : new RequestBodyError(BODY_MESSAGES.notForm, 400);
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks, total);
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Bytes as text, refusing invalid UTF-8 and NUL. */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw new RequestBodyError(BODY_MESSAGES.notUtf8);
  }
  return checkStorableText(text);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A string as the database can store it: no NUL (PostgreSQL refuses U+0000 in text) and no lone
 * surrogate (JSON's "\ud800" escapes decode to one; it is not text any encoder can write).
 */
export function checkStorableText(text: string): string {
  if (text.includes("\u0000")) throw new RequestBodyError(BODY_MESSAGES.nul);
  if (LONE_SURROGATE.test(text)) throw new RequestBodyError(BODY_MESSAGES.notUtf8);
  return text;
}

/** Every string inside a parsed JSON value (keys included), checked as above. */
function checkJsonStrings(value: unknown): void {
  if (typeof value === "string") checkStorableText(value);
  else if (Array.isArray(value)) value.forEach(checkJsonStrings);
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      checkStorableText(key);
      checkJsonStrings(item);
    }
  }
}

/** The body as text (a webhook's raw payload, say), bounded and checked. */
export async function readText(request: Request, limit = limitOf(request)): Promise<string> {
  return decodeText(await readBodyBytes(request, limit));
}

/** The body as JSON: 400 for anything that is not JSON, or holds text the database cannot take. */
export async function readJson(request: Request, limit = limitOf(request)): Promise<unknown> {
  const text = await readText(request, limit);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RequestBodyError(BODY_MESSAGES.notJson);
  }
  checkJsonStrings(value);
  return value;
}

/**
 * A URL-encoded form, decoded strictly: `%FF` is not silently replaced by U+FFFD, as
 * URLSearchParams would, but refused as invalid UTF-8.
 */
export function parseUrlEncoded(bytes: Uint8Array): FormData {
  const form = new FormData();
  // latin1 maps each byte to one character, so the split below sees bytes, not characters.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const name = equals === -1 ? pair : pair.slice(0, equals);
    const value = equals === -1 ? "" : pair.slice(equals + 1);
    form.append(decodeText(percentDecode(name)), decodeText(percentDecode(value)));
  }
  return form;
}

/** `%XX` sequences (and "+" in a form) as the bytes they stand for; other characters as themselves. */
export function percentDecode(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const hex = code === 0x25 ? text.slice(index + 1, index + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes[length++] = Number.parseInt(hex, 16);
      index += 2;
    } else {
      bytes[length++] = code === 0x2b ? 0x20 : code; // "+" is a space in a form.
    }
  }
  return bytes.subarray(0, length);
}

/**
 * A form of text fields (every form but the contact form, whose CV streams through
 * `contact/uploads.server.ts`), URL-encoded or multipart, bounded and checked.
 */
export async function readForm(request: Request, limit = limitOf(request)): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  const urlEncoded = /^application\/x-www-form-urlencoded\b/i.test(contentType);
  if (!urlEncoded && !/^multipart\/form-data\b/i.test(contentType)) {
    throw new RequestBodyError(BODY_MESSAGES.formType, 415);
  }
  const bytes = await readBodyBytes(request, limit);
  if (urlEncoded) return parseUrlEncoded(bytes);
  // These forms have text fields only, so the whole body (boundaries and part headers are ASCII)
  // must be UTF-8; a file's bytes would not be, and no form here takes one.
  decodeText(bytes);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw new RequestBodyError(BODY_MESSAGES.notForm);
  }
  for (const [, value] of form) {
    if (typeof value !== "string") throw new RequestBodyError(BODY_MESSAGES.noFiles, 415);
  }
  return form;
}

/** A resource route's answer to a refused body: the message as plain text. */
export function plainRefusal(error: { status: number; message: string }): Response {
  return new Response(error.message, {
    status: error.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * Reads a resource route's form. What a resource route answers reaches the client as it is, so a
 * refused body comes back as the plain-text answer to send in place of the form.
 */
export async function readFormOrPlainRefusal(request: Request): Promise<FormData | Response> {
  try {
    return await readForm(request);
  } catch (error) {
    if (error instanceof RequestBodyError) return plainRefusal(error);
    throw error;
  }
}

/** What a page's action throws when it has nowhere better to show a refused body (see entry.server.tsx). */
export function bodyRefusal(error: RequestBodyError) {
  return data({ refusedBody: error.message }, { status: error.status });
}

/** Reads a form, or throws the refusal as an answer (for actions with no form state to show it in). */
export async function readFormOrRefuse(request: Request): Promise<FormData> {
  try {
    return await readForm(request);
  } catch (error) {
    if (error instanceof RequestBodyError) throw bodyRefusal(error);
    throw error;
  }
}

/** The refusal among a render's route errors, if any: its status and message, to answer as plain text. */
export function bodyRefusalOf(errors: readonly unknown[]): { status: number; message: string } | null {
  for (const error of errors) {
    if (!isRouteErrorResponse(error)) continue;
    const body: unknown = error.data;
    if (body && typeof body === "object" && typeof (body as { refusedBody?: unknown }).refusedBody === "string") {
      return { status: error.status, message: (body as { refusedBody: string }).refusedBody };
    }
  }
  return null;
}
