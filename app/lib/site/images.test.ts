// @vitest-environment node
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_NAMES } from "~/content/types";
import { ARTWORK_VERSION, IMAGE_FORMATS, IMAGES, SHARE_IMAGE, imageHeight, imagePath, imageSources } from "./images";

const PUBLIC_DIR = fileURLToPath(new URL("../../../public", import.meta.url));

function publicFile(urlPath: string): string {
  return `${PUBLIC_DIR}${urlPath}`;
}

describe("IMAGES", () => {
  it("describes every image name, with ascending widths ending at the intrinsic width", () => {
    expect(Object.keys(IMAGES).sort()).toEqual([...IMAGE_NAMES].sort());
    for (const name of IMAGE_NAMES) {
      const { width, widths } = IMAGES[name];
      expect(widths.length, name).toBeGreaterThanOrEqual(3);
      expect(
        [...widths].sort((a, b) => a - b),
        name,
      ).toEqual(widths);
      expect(widths.at(-1), name).toBe(width);
    }
  });

  it("heroes are 3:2 and showcase slides 4:3, at every width", () => {
    for (const name of IMAGE_NAMES) {
      const ratio = name.startsWith("hero-") ? 3 / 2 : 4 / 3;
      expect(IMAGES[name].width / IMAGES[name].height, name).toBeCloseTo(ratio, 5);
      for (const width of IMAGES[name].widths) {
        expect(width / imageHeight(name, width), `${name} ${width}`).toBeCloseTo(ratio, 2);
      }
    }
    expect(IMAGES["hero-strategy"].widths).toEqual([480, 768, 1152, 1536]);
    expect(IMAGES["showcase-ai"].widths).toEqual([400, 640, 960]);
  });
});

describe("the generated files in public/images", () => {
  it.each(IMAGE_NAMES)("%s exists at every width, as AVIF and WebP, with the right pixel size", async (name) => {
    for (const width of IMAGES[name].widths) {
      for (const format of IMAGE_FORMATS) {
        const file = publicFile(imagePath(name, width, format));
        expect(fs.existsSync(file), file).toBe(true);
        const metadata = await sharp(file).metadata();
        // sharp reports AVIF as the HEIF container with AV1 compression.
        if (format === "avif") {
          expect(metadata.format, file).toBe("heif");
          expect(metadata.compression, file).toBe("av1");
        } else {
          expect(metadata.format, file).toBe("webp");
        }
        expect([metadata.width, metadata.height], file).toEqual([width, imageHeight(name, width)]);
      }
    }
  });

  it("the share image is a 1200x630 PNG", async () => {
    expect(SHARE_IMAGE).toEqual({ path: "/images/share.png", width: 1200, height: 630 });
    const metadata = await sharp(publicFile(SHARE_IMAGE.path)).metadata();
    expect(metadata.format).toBe("png");
    expect([metadata.width, metadata.height]).toEqual([1200, 630]);
  });

  it("holds nothing else, and stays well under 1.5 MB", () => {
    const expected = new Set([
      ...IMAGE_NAMES.flatMap((name) =>
        IMAGES[name].widths.flatMap((width) => IMAGE_FORMATS.map((format) => imagePath(name, width, format))),
      ),
      SHARE_IMAGE.path,
    ]);
    const files = fs.readdirSync(publicFile("/images")).map((file) => `/images/${file}`);
    expect(new Set(files)).toEqual(expected);
    const total = files.reduce((sum, file) => sum + fs.statSync(publicFile(file)).size, 0);
    expect(total).toBeLessThan(1_000_000);
  });
});

const withoutQuery = (url: string) => url.replace(/\?.*$/, "");

describe("imageSources", () => {
  it("lists every width of the picture in both srcsets, with a width descriptor", () => {
    const sources = imageSources("hero-delivery");
    expect(sources.avifSrcSet).toBe(
      "/images/hero-delivery-480.avif?v=1 480w, /images/hero-delivery-768.avif?v=1 768w, " +
        "/images/hero-delivery-1152.avif?v=1 1152w, /images/hero-delivery-1536.avif?v=1 1536w",
    );
    expect(sources.webpSrcSet).toBe(
      "/images/hero-delivery-480.webp?v=1 480w, /images/hero-delivery-768.webp?v=1 768w, " +
        "/images/hero-delivery-1152.webp?v=1 1152w, /images/hero-delivery-1536.webp?v=1 1536w",
    );
  });

  it.each(IMAGE_NAMES)("%s: srcsets name existing files, and src is the middle WebP", (name) => {
    const { avifSrcSet, webpSrcSet, src } = imageSources(name);
    const { widths } = IMAGES[name];
    for (const [format, srcSet] of [
      ["avif", avifSrcSet],
      ["webp", webpSrcSet],
    ] as const) {
      const candidates = srcSet.split(", ").map((candidate) => candidate.split(" "));
      expect(candidates.map(([, descriptor]) => descriptor)).toEqual(widths.map((width) => `${width}w`));
      expect(candidates.map(([url]) => url)).toEqual(
        widths.map((width) => `${imagePath(name, width, format)}?v=${ARTWORK_VERSION}`),
      );
      for (const [url] of candidates) expect(fs.existsSync(publicFile(withoutQuery(url ?? ""))), url).toBe(true);
    }
    expect(src).toBe(`${imagePath(name, widths[Math.floor(widths.length / 2)] ?? 0, "webp")}?v=${ARTWORK_VERSION}`);
    expect(fs.existsSync(publicFile(withoutQuery(src)))).toBe(true);
  });

  it("picks 1152 for the heroes and 640 for the showcase slides as the fallback src", () => {
    expect(imageSources("hero-strategy").src).toBe("/images/hero-strategy-1152.webp?v=1");
    expect(imageSources("showcase-training").src).toBe("/images/showcase-training-640.webp?v=1");
  });
});
