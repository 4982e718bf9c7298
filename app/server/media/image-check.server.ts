/**
 * Whether an uploaded file is an image the library takes, decided by its content, never its name
 * or the browser's declared type: the magic bytes (file-type) must say JPEG, PNG, WebP, AVIF or
 * GIF, and the image's header (sharp's metadata, which decodes no pixels) must declare a size
 * within the caps. A decompression bomb (a tiny file declaring billions of pixels) is refused
 * here, before anything decodes it; `limitInputPixels` on every later decode is the second lock.
 * SVG is refused outright: it is a document that can carry script, not a picture.
 */
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { ExpectedError } from "../platform/errors.server";

export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: a 7,700 x 5,200 photograph, more than any camera a content team uses. */
export const MAX_MEDIA_PIXELS = 40_000_000;
/** WebP, which every variant is written in, cannot be wider or taller than this. */
export const MAX_MEDIA_SIDE = 16_383;

export const ACCEPTED_IMAGE_TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
} as const;

export type AcceptedMimeType = (typeof ACCEPTED_IMAGE_TYPES)[keyof typeof ACCEPTED_IMAGE_TYPES];

const ACCEPTED_LIST = "JPEG, PNG, WebP, AVIF or GIF";

export const MEDIA_MESSAGES = {
  empty: "The file is empty.",
  tooLarge: "The file is larger than 10 MB.",
  svg: `SVG images are not accepted, because they can contain scripts: upload a ${ACCEPTED_LIST} image.`,
  notImage: `This file is not a ${ACCEPTED_LIST} image (its content is checked, not its name).`,
  tooManyPixels: (megapixels: number) =>
    `The image is too large: it declares ${megapixels.toLocaleString("en-GB")} megapixels, and at most 40 are accepted.`,
  tooWide: "The image is too large: at most 16,383 pixels on each side are accepted.",
  unreadable: "The image could not be read: the file is damaged or incomplete.",
} as const;

export interface CheckedImage {
  mimeType: AcceptedMimeType;
  /** As the file declares them, before its orientation is applied. */
  width: number;
  height: number;
}

/** An SVG (or any XML) document, whatever its name: text that opens with `<?xml` or `<svg`. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const start = Buffer.from(bytes.subarray(0, 1024))
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return start.startsWith("<?xml") || start.startsWith("<svg") || (start.startsWith("<!") && start.includes("<svg"));
}

/** Checks a file's bytes; throws an ExpectedError (415 or 413) saying why it is refused. */
export async function checkImage(bytes: Uint8Array): Promise<CheckedImage> {
  if (bytes.byteLength === 0) throw new ExpectedError(MEDIA_MESSAGES.empty, { status: 400, field: "file" });
  if (bytes.byteLength > MAX_MEDIA_BYTES)
    throw new ExpectedError(MEDIA_MESSAGES.tooLarge, { status: 413, field: "file" });
  if (looksLikeSvg(bytes)) throw new ExpectedError(MEDIA_MESSAGES.svg, { status: 415, field: "file" });
  const detected = await fileTypeFromBuffer(bytes);
  const mimeType = detected ? (ACCEPTED_IMAGE_TYPES as Record<string, AcceptedMimeType>)[detected.ext] : undefined;
  if (!mimeType || detected?.mime !== mimeType) {
    throw new ExpectedError(MEDIA_MESSAGES.notImage, { status: 415, field: "file" });
  }
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Reads the header only: no pixel is decoded, so a bomb costs nothing here.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = metadata.width;
    height = metadata.height;
  } catch (error) {
    throw new ExpectedError(MEDIA_MESSAGES.unreadable, { status: 415, field: "file", cause: error });
  }
  if (!width || !height) throw new ExpectedError(MEDIA_MESSAGES.unreadable, { status: 415, field: "file" });
  if (width * height > MAX_MEDIA_PIXELS) {
    const megapixels = Math.round((width * height) / 1_000_000);
    throw new ExpectedError(MEDIA_MESSAGES.tooManyPixels(megapixels), { status: 413, field: "file" });
  }
  if (width > MAX_MEDIA_SIDE || height > MAX_MEDIA_SIDE) {
    throw new ExpectedError(MEDIA_MESSAGES.tooWide, { status: 413, field: "file" });
  }
  return { mimeType, width, height };
}
