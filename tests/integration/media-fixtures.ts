/**
 * Images for the media library's tests, made in the test with sharp (never committed files), and
 * the hostile ones of the upload corpus: an SVG, polyglots, wrong magic bytes, a decompression
 * bomb that declares 30000 x 30000 pixels in a few dozen bytes.
 */
import zlib from "node:zlib";
import sharp from "sharp";

export type Format = "jpeg" | "png" | "webp" | "avif" | "gif";

/** A picture: the left half red, the right half blue, so a crop shows which side it kept. */
export async function twoColourImage(format: Format, width = 2000, height = 1000): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const left = await sharp({ create: { width: half, height, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: "#0000ff" } }).composite([
    { input: left, left: 0, top: 0 },
  ]);
  const encoded = await image.toFormat(format, format === "avif" ? { effort: 0 } : {}).toBuffer();
  return encoded;
}

/** A JPEG whose EXIF says "rotate 90 degrees" and carries a camera name and a GPS-like comment. */
export async function rotatedJpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 400, channels: 3, background: "#00ff00" } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: "SecretCam", Copyright: "GPS 51.5N 0.12W" } } })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG structure of `width` x `height` whose image data is one compressed row: it claims far more than it holds. */
export function declaredSizePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(Math.min(width, 1024) + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const SCRIPT = "<script>alert(document.domain)</script>";

export const SVG_WITH_SCRIPT = Buffer.from(
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${SCRIPT}<rect width="10" height="10"/></svg>`,
);
