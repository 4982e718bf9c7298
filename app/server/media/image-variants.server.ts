/**
 * What sharp makes of an accepted image (after `checkImage`): the stored original, re-encoded so
 * that nothing but its pixels survives (EXIF and other metadata dropped, the orientation applied,
 * anything appended to the file gone), its responsive widths in AVIF and WebP, and the social card
 * cropped around the focal point. Every decode is capped by `limitInputPixels`.
 */
import crypto from "node:crypto";
import sharp, { type Sharp } from "sharp";
import type { MediaVariant } from "../../db/schema";
import { scaledHeight, SOCIAL_CARD, widthsFor } from "../../lib/cms/media";
import { ExpectedError } from "../platform/errors.server";
import { MAX_MEDIA_PIXELS, MEDIA_MESSAGES, type AcceptedMimeType } from "./image-check.server";

export interface FocalPoint {
  x: number;
  y: number;
}

export interface GeneratedFile {
  key: string;
  bytes: Buffer;
  contentType: string;
}

export interface NormalisedImage {
  bytes: Buffer;
  mimeType: AcceptedMimeType;
  width: number;
  height: number;
  /** A short hash of the pixels' encoding: part of every variant's name, so a new file has new addresses. */
  version: string;
}

function decode(bytes: Uint8Array): Sharp {
  // One frame, whatever the file holds: the library shows still pictures (an animated GIF keeps its first frame).
  return sharp(bytes, { limitInputPixels: MAX_MEDIA_PIXELS, failOn: "error", pages: 1 });
}

const EXTENSIONS: Record<AcceptedMimeType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
};

/** Re-encodes the upload in its own format with its orientation applied and no metadata (sharp keeps none unless asked). */
export async function normaliseImage(bytes: Uint8Array, mimeType: AcceptedMimeType): Promise<NormalisedImage> {
  try {
    const image = decode(bytes).autoOrient();
    const encoded =
      mimeType === "image/jpeg"
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : mimeType === "image/png"
          ? image.png()
          : mimeType === "image/webp"
            ? image.webp({ quality: 90 })
            : mimeType === "image/avif"
              ? image.avif({ quality: 70, effort: 2 })
              : image.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const version = crypto.createHash("sha256").update(data).digest("hex").slice(0, 12);
    return { bytes: data, mimeType, width: info.width, height: info.height, version };
  } catch (error) {
    throw new ExpectedError(MEDIA_MESSAGES.unreadable, { status: 415, field: "file", cause: error });
  }
}

export function originalKey(id: string, image: NormalisedImage): string {
  return `media-${id}-${image.version}-original.${EXTENSIONS[image.mimeType]}`;
}

/** The responsive widths, each in AVIF and WebP, never wider than the original. */
export async function makeWidthVariants(
  id: string,
  image: NormalisedImage,
): Promise<{ files: GeneratedFile[]; variants: MediaVariant[] }> {
  const files: GeneratedFile[] = [];
  const variants: MediaVariant[] = [];
  // One after another, not in parallel: the machine's cores also serve visitors.
  for (const width of widthsFor(image.width)) {
    const height = scaledHeight(image, width);
    const resized = decode(image.bytes).resize(width, height, { fit: "fill" });
    const avif = await resized.clone().avif({ quality: 50, effort: 2 }).toBuffer();
    const webp = await resized.clone().webp({ quality: 75 }).toBuffer();
    for (const [format, bytes, extension, contentType] of [
      ["avif", avif, "avif", "image/avif"],
      ["webp", webp, "webp", "image/webp"],
    ] as const) {
      const key = `media-${id}-${image.version}-${width}.${extension}`;
      files.push({ key, bytes, contentType });
      variants.push({ key, format, width, height });
    }
  }
  return { files, variants };
}

/**
 * The 1200x630 JPEG for social networks: scaled to cover the card, then cut so that the focal
 * point is as near the middle as the edges allow. Its name carries the focal point, so moving the
 * point gives the card a new address.
 */
export async function makeSocialCard(
  id: string,
  image: NormalisedImage,
  focal: FocalPoint,
): Promise<{ file: GeneratedFile; variant: MediaVariant }> {
  const { width, height } = SOCIAL_CARD;
  const scale = Math.max(width / image.width, height / image.height);
  const scaledWidth = Math.max(width, Math.round(image.width * scale));
  const scaledHeight = Math.max(height, Math.round(image.height * scale));
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);
  const left = clamp(Math.round(focal.x * scaledWidth - width / 2), scaledWidth - width);
  const top = clamp(Math.round(focal.y * scaledHeight - height / 2), scaledHeight - height);
  const bytes = await decode(image.bytes)
    .resize(scaledWidth, scaledHeight, { fit: "fill" })
    .extract({ left, top, width, height })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  const point = `x${Math.round(focal.x * 1000)}y${Math.round(focal.y * 1000)}`;
  const key = `media-${id}-${image.version}-social-${point}.jpg`;
  return {
    file: { key, bytes, contentType: "image/jpeg" },
    variant: { key, format: "jpeg", width, height, purpose: "social" },
  };
}

/** Whether a file name is one of the variants the public may fetch (never an original). */
export const PUBLIC_VARIANT_KEY =
  /^media-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{12}-(?:\d{1,5}\.(?:avif|webp)|social-x\d{1,4}y\d{1,4}\.jpg)$/;
