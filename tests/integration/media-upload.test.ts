/**
 * The media library: uploads checked by content, with the size and pixel caps; the
 * upload corpus's images (SVG, polyglots, wrong magic bytes, a decompression bomb, huge
 * dimensions, nothing at all); what sharp makes of an accepted image (the re-encoded original
 * without metadata, AVIF and WebP widths never wider than the original, the social card cropped
 * around the focal point); the public files' headers; where an image is used, delete refused while
 * it is, and replace in place. Real sharp, real files in a temporary store, a real database.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { auditLog, content, media } from "../../app/db/schema";
import { MEDIA_MESSAGES } from "~/server/media/image-check.server";
import {
  deleteMedia,
  replaceMediaFile,
  updateMediaDetails,
  uploadMedia,
  type MediaRow,
} from "~/server/media/media.server";
import { findMediaUsage } from "~/server/media/media-usage.server";
import { libraryImageFor } from "~/server/media/public-images.server";
import { stableMediaAddress } from "~/lib/cms/media";
import { PUBLISHED_CONTENT_CACHE_PREFIX } from "~/server/content/content.server";
import { invalidate } from "~/server/platform/cache/cache.server";
import { getStorage, type LocalDiskStorage } from "~/server/platform/storage.server";
import { setUpCmsHarness, type Role } from "./cms-harness";
import {
  declaredSizePng,
  rotatedJpegWithExif,
  SCRIPT,
  SVG_WITH_SCRIPT,
  twoColourImage,
  type Format,
} from "./media-fixtures";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const cms = setUpCmsHarness({ name: "media-upload" });
const storage = () => getStorage() as LocalDiskStorage;
const actor = () => ({ id: cms.userId("admin"), email: "admin@example.com" });
const storedFiles = () => (fs.existsSync(storage().root) ? fs.readdirSync(storage().root).sort() : []);
const readStored = (key: string) => fs.readFileSync(path.join(storage().root, key));

async function upload(bytes: Uint8Array, originalName = "picture.png"): Promise<MediaRow> {
  return uploadMedia(cms.db, storage(), actor(), { bytes, originalName });
}

/** Posts a file to /cms/media/upload as the Media tab does. */
async function postUpload(file: Blob, name: string, options: { as?: Role; token?: boolean } = {}) {
  const body = new FormData();
  if (options.token !== false) body.set("csrf", cms.csrf);
  body.set("file", file, name);
  const cookie = [cms.cookie(options.as ?? "admin"), `csrf=${cms.csrf}`].join("; ");
  const { action } = await import("~/routes/cms/media-upload");
  const request = new Request("http://localhost/cms/media/upload", {
    method: "POST",
    headers: { Cookie: cookie },
    body,
  });
  return action({ request, params: {}, context: {} } as never);
}

async function mediaFile(file: string, method = "GET"): Promise<Response> {
  const { loader } = await import("~/routes/api/media-file");
  const request = new Request(`http://localhost/media/${file}`, { method });
  return (await loader({ request, params: { file }, context: {} } as never)) as Response;
}

describe("checking uploads by content", () => {
  it.each<Format>(["jpeg", "png", "webp", "avif", "gif"])(
    "accepts a %s image, whatever its name says",
    async (format) => {
      const row = await upload(await twoColourImage(format, 700, 350), "named-wrongly.txt");
      expect(row.mimeType).toBe(format === "jpeg" ? "image/jpeg" : `image/${format}`);
      expect([row.width, row.height]).toEqual([700, 350]);
      expect(row.originalName).toBe("named-wrongly.txt");
    },
  );

  const refusals: [string, () => Promise<Buffer> | Buffer, string][] = [
    ["an SVG (with a script), named .png", () => SVG_WITH_SCRIPT, MEDIA_MESSAGES.svg],
    [
      "text named .png (wrong magic bytes)",
      () => Buffer.from("just some text, not an image at all"),
      MEDIA_MESSAGES.notImage,
    ],
    [
      "an HTML page with a script, named .png",
      () => Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>"),
      MEDIA_MESSAGES.notImage,
    ],
    ["a PDF", () => Buffer.from("%PDF-1.4\n%%EOF\n"), MEDIA_MESSAGES.notImage],
    [
      "a PNG signature and nothing else",
      () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      MEDIA_MESSAGES.notImage,
    ],
    [
      "a decompression bomb declaring 30000 x 30000 pixels",
      () => declaredSizePng(30_000, 30_000),
      MEDIA_MESSAGES.tooManyPixels(900),
    ],
    ["huge dimensions (20000 x 10)", () => declaredSizePng(20_000, 10), MEDIA_MESSAGES.tooWide],
    ["an empty file", () => Buffer.alloc(0), MEDIA_MESSAGES.empty],
    [
      "a file over 10 MB",
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024)]),
      MEDIA_MESSAGES.tooLarge,
    ],
    [
      "a truncated JPEG",
      async () => (await twoColourImage("jpeg", 400, 200)).subarray(0, 300),
      MEDIA_MESSAGES.unreadable,
    ],
  ];

  it.each(refusals)("refuses %s with a clear message, storing nothing", async (_label, make, message) => {
    const before = storedFiles();
    const rowsBefore = await cms.db.$count(media);
    await expect(upload(await make())).rejects.toThrow(message);
    expect(storedFiles()).toEqual(before);
    expect(await cms.db.$count(media)).toBe(rowsBefore);
  });

  it("refuses a bomb without decoding it (at once, in little memory)", async () => {
    const started = performance.now();
    await expect(upload(declaredSizePng(60_000, 60_000))).rejects.toThrow(/declares 3,600 megapixels/);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("re-encodes a polyglot (a JPEG with HTML and script appended): nothing but pixels is stored", async () => {
    const polyglot = Buffer.concat([await twoColourImage("jpeg", 400, 200), Buffer.from(`<html>${SCRIPT}</html>`)]);
    const row = await upload(polyglot, "polyglot.jpg.html");
    for (const key of [row.storageKey, ...row.variants.map((variant) => variant.key)]) {
      const stored = readStored(key);
      expect(stored.includes("<script"), key).toBe(false);
      expect(stored.includes("alert("), key).toBe(false);
    }
  });

  it("re-encodes a GIF with script after its trailer", async () => {
    const polyglot = Buffer.concat([await twoColourImage("gif", 300, 150), Buffer.from(`*/=1;${SCRIPT}//`)]);
    const row = await upload(polyglot, "x.gif");
    expect(readStored(row.storageKey).includes("alert(")).toBe(false);
  });

  it("strips EXIF and applies the orientation", async () => {
    const row = await upload(await rotatedJpegWithExif(), "camera.jpg");
    // 800 x 400 turned a quarter: 400 x 800.
    expect([row.width, row.height]).toEqual([400, 800]);
    for (const key of [row.storageKey, ...row.variants.map((variant) => variant.key)]) {
      const stored = readStored(key);
      const metadata = await sharp(stored).metadata();
      expect(metadata.exif, key).toBeUndefined();
      expect(metadata.orientation ?? 1, key).toBe(1);
      expect(stored.includes("SecretCam"), key).toBe(false);
    }
  });
});

describe("the upload address", () => {
  it("answers an administrator's image with the library item", async () => {
    const response = (await postUpload(
      new Blob([new Uint8Array(await twoColourImage("png", 500, 250))]),
      "route.png",
    )) as {
      data: { ok: boolean; item: { id: string; src: string } };
    };
    expect(response.data.ok).toBe(true);
    expect(response.data.item.src).toBe(stableMediaAddress(response.data.item.id));
  });

  it("answers a refused file with its reason", async () => {
    const response = (await postUpload(new Blob([new Uint8Array(SVG_WITH_SCRIPT)]), "logo.png")) as {
      data: { ok: boolean; error: string };
      init: { status: number };
    };
    expect(response.data).toEqual({ ok: false, error: MEDIA_MESSAGES.svg });
    expect(response.init.status).toBe(415);
  });

  it("refuses a user who is not an administrator, and a form without the anti-forgery token", async () => {
    const image = new Blob([new Uint8Array(await twoColourImage("png", 100, 100))]);
    const before = await cms.db.$count(media);
    // A user gets the Access Denied page; a form without the token, the CMS's refusal.
    await expect(postUpload(image, "a.png", { as: "support" })).rejects.toMatchObject({ status: 403 });
    await expect(postUpload(image, "a.png", { token: false })).rejects.toMatchObject({ init: { status: 403 } });
    expect(await cms.db.$count(media)).toBe(before);
  });
});

describe("variants", () => {
  it("makes AVIF and WebP at each width up to the original's, and a 1200x630 JPEG social card", async () => {
    const row = await upload(await twoColourImage("png", 2000, 1000));
    const widths = row.variants.filter((variant) => !variant.purpose);
    expect(widths.map((variant) => `${variant.format}:${variant.width}x${variant.height}`)).toEqual([
      "avif:320x160",
      "webp:320x160",
      "avif:640x320",
      "webp:640x320",
      "avif:960x480",
      "webp:960x480",
      "avif:1280x640",
      "webp:1280x640",
      "avif:1920x960",
      "webp:1920x960",
    ]);
    for (const variant of row.variants) {
      const metadata = await sharp(readStored(variant.key)).metadata();
      expect(metadata.format).toBe(variant.format === "avif" ? "heif" : variant.format);
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
    }
    const social = row.variants.find((variant) => variant.purpose === "social")!;
    expect([social.format, social.width, social.height]).toEqual(["jpeg", 1200, 630]);
  });

  it("never makes a width wider than the original", async () => {
    const row = await upload(await twoColourImage("png", 500, 300));
    expect(row.variants.filter((variant) => variant.format === "webp").map((variant) => variant.width)).toEqual([
      320, 500,
    ]);
  });

  it("crops the social card around the focal point, and moving it makes a new card at a new address", async () => {
    const row = await upload(await twoColourImage("png", 2000, 500));
    const centreColour = async (key: string) => {
      const { data } = await sharp(readStored(key))
        .extract({ left: 599, top: 314, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return data[0]! > 128 ? "red" : "blue";
    };
    const leftCard = await updateMediaDetails(cms.db, storage(), actor(), row.id, {
      altText: "Two colours",
      caption: "",
      focalX: 0.1,
      focalY: 0.5,
    });
    const leftKey = leftCard.variants.find((variant) => variant.purpose === "social")!.key;
    expect(await centreColour(leftKey)).toBe("red");
    const rightCard = await updateMediaDetails(cms.db, storage(), actor(), row.id, {
      altText: "Two colours",
      caption: "",
      focalX: 0.9,
      focalY: 0.5,
    });
    const rightKey = rightCard.variants.find((variant) => variant.purpose === "social")!.key;
    expect(rightKey).not.toBe(leftKey);
    expect(await centreColour(rightKey)).toBe("blue");
    expect(storedFiles()).not.toContain(leftKey);
  });
});

describe("serving /media/:file", () => {
  it("streams a variant with its type and a year's immutable caching", async () => {
    const row = await upload(await twoColourImage("png", 700, 350));
    const avif = row.variants.find((variant) => variant.format === "avif")!;
    const response = await mediaFile(avif.key);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/avif");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await response.arrayBuffer()).equals(readStored(avif.key))).toBe(true);
  });

  it("serves an image's stable address as its current default width, briefly cached", async () => {
    const row = await upload(await twoColourImage("png", 1500, 750));
    const response = await mediaFile(`${row.id}.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(960);
  });

  it("answers 404 for unknown names, other stored files and the original upload", async () => {
    const row = await upload(await twoColourImage("png", 400, 200));
    fs.writeFileSync(path.join(storage().root, "1700000000000-0123456789abcdef0123456789abcdef.pdf"), "%PDF-");
    for (const file of [
      row.storageKey,
      "1700000000000-0123456789abcdef0123456789abcdef.pdf",
      `media-${crypto.randomUUID()}-0123456789ab-640.webp`,
      `${crypto.randomUUID()}.webp`,
      "..%2F..%2Fetc%2Fpasswd",
    ]) {
      expect((await mediaFile(file)).status, file).toBe(404);
    }
  });
});

describe("where used, delete and replace", () => {
  async function pageUsing(address: string, where: "featured" | "body") {
    const slug = `uses-${crypto.randomUUID().slice(0, 8)}`;
    const [row] = await cms.db
      .insert(content)
      .values({
        title: `Page ${slug}`,
        slug,
        featuredImageUrl: where === "featured" ? address : null,
        content: where === "body" ? `<p><img src="${address}" alt="x"></p>` : "",
      })
      .returning();
    return row!;
  }

  it("finds the pages that use an image and refuses to delete it, naming them", async () => {
    const row = await upload(await twoColourImage("png", 400, 200));
    const featured = await pageUsing(stableMediaAddress(row.id), "featured");
    const inBody = await pageUsing(stableMediaAddress(row.id), "body");
    const usage = await findMediaUsage(cms.db, row.id);
    expect(usage.map((use) => use.title).sort()).toEqual([featured.title, inBody.title].sort());
    await expect(deleteMedia(cms.db, storage(), actor(), row.id)).rejects.toThrow(
      `This image cannot be deleted while it is used by content item “${featured.title < inBody.title ? featured.title : inBody.title}”`,
    );
    expect(await cms.db.$count(media, eq(media.id, row.id))).toBe(1);
    await cms.db.delete(content).where(eq(content.id, featured.id));
    await cms.db.delete(content).where(eq(content.id, inBody.id));
    const files = [row.storageKey, ...row.variants.map((variant) => variant.key)];
    await deleteMedia(cms.db, storage(), actor(), row.id);
    expect(await cms.db.$count(media, eq(media.id, row.id))).toBe(0);
    for (const key of files) expect(storedFiles()).not.toContain(key);
    const [entry] = await cms.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, row.id))
      .orderBy(auditLog.createdAt);
    expect(entry?.action).toBe("media.upload");
    expect(await cms.db.$count(auditLog, eq(auditLog.action, "media.delete"))).toBeGreaterThan(0);
  });

  it("replaces the file in place: same record and stable address, new variants at new addresses, old files gone", async () => {
    const row = await upload(await twoColourImage("png", 800, 400));
    await pageUsing(stableMediaAddress(row.id), "featured");
    const before = await libraryImageFor(cms.getDb, stableMediaAddress(row.id));
    const replaced = await replaceMediaFile(cms.db, storage(), actor(), row.id, {
      bytes: await twoColourImage("jpeg", 1000, 1000),
      originalName: "square.jpg",
    });
    expect(replaced.id).toBe(row.id);
    expect(replaced.version).not.toBe(row.version);
    expect([replaced.width, replaced.height, replaced.mimeType]).toEqual([1000, 1000, "image/jpeg"]);
    for (const variant of row.variants) expect(storedFiles()).not.toContain(variant.key);
    const after = await libraryImageFor(cms.getDb, stableMediaAddress(row.id));
    expect(after?.image.webpSrcSet).not.toBe(before?.image.webpSrcSet);
    expect(after?.image.webpSrcSet).toContain(replaced.version);
    expect(after?.image.height).toBe(1000);
  });

  it("refuses a replacement that is not an image and keeps the old file", async () => {
    const row = await upload(await twoColourImage("png", 400, 200));
    await expect(
      replaceMediaFile(cms.db, storage(), actor(), row.id, { bytes: SVG_WITH_SCRIPT, originalName: "x.svg" }),
    ).rejects.toThrow(MEDIA_MESSAGES.svg);
    const [kept] = await cms.db.select().from(media).where(eq(media.id, row.id));
    expect(kept?.version).toBe(row.version);
    expect(storedFiles()).toContain(row.storageKey);
  });
});

describe("a public page with a library image", () => {
  it("serves an image in the body as a <picture> with srcsets, sizes, width, height and lazy loading", async () => {
    const row = await upload(await twoColourImage("png", 1400, 700));
    const slug = `body-image-${crypto.randomUUID().slice(0, 8)}`;
    await cms.db.insert(content).values({
      title: "Body image",
      slug,
      status: "published",
      publishedAt: new Date(),
      content: `<p>Before</p><img src="${stableMediaAddress(row.id)}" alt="Our chart" width="960" height="480"><img src="https://cdn.example.com/b.png" alt="Elsewhere">`,
    });
    invalidate(PUBLISHED_CONTENT_CACHE_PREFIX);
    const route = await import("~/routes/site/content");
    const data = (await route.loader({ params: { slug }, request: new Request("http://localhost/") } as never))!;
    const body = /data-testid="content-body"[^>]*>([^]*)<\/div>/.exec(data.article.html)?.[1] ?? "";
    const picture = /<picture>[^]*?<\/picture>/.exec(body)?.[0] ?? "";
    expect(picture).toMatch(
      /<source srcset="\/media\/media-[^"]*-320\.avif 320w, [^"]*-1400\.avif 1400w" sizes="[^"]+" type="image\/avif" \/>/,
    );
    expect(picture).toMatch(
      /<source srcset="\/media\/media-[^"]*-320\.webp 320w, [^"]*" sizes="[^"]+" type="image\/webp" \/>/,
    );
    expect(picture).toMatch(/<img src="\/media\/media-[^"]*\.webp" [^>]*width="1400" height="700" alt="Our chart"/);
    expect(picture).toMatch(/ srcset="\/media\/[^"]+" sizes="\(min-width: 896px\) 832px, 100vw"/);
    expect(picture).toContain('loading="lazy"');
    // An image from elsewhere stays a plain picture.
    expect(body).toContain('<img src="https://cdn.example.com/b.png" alt="Elsewhere" loading="lazy" />');
  });

  it("shows the featured image responsively and shares its 1200x630 card; a plain address stays as it was", async () => {
    const row = await upload(await twoColourImage("png", 1400, 700));
    const slug = `library-page-${crypto.randomUUID().slice(0, 8)}`;
    await cms.db.insert(content).values({
      title: "Library page",
      slug,
      status: "published",
      publishedAt: new Date(),
      featuredImageUrl: stableMediaAddress(row.id),
    });
    invalidate(PUBLISHED_CONTENT_CACHE_PREFIX);
    const route = await import("~/routes/site/content");
    const data = (await route.loader({
      params: { slug },
      request: new Request(`http://localhost/content/${slug}`),
    } as never))!;
    // The article travels as the HTML the server drew (lib/browser/static-html.ts).
    const picture = /<picture[^]*?<\/picture>/.exec(data.article.html)?.[0] ?? "";
    expect(picture).toMatch(
      /type="image\/webp" srcSet="\/media\/media-[0-9a-f-]+-[0-9a-f]{12}-320\.webp 320w, [^"]* 1280w, [^"]*-1400\.webp 1400w"/,
    );
    expect(picture).toMatch(/type="image\/avif" srcSet="[^"]*\.avif 960w/);
    expect(picture).toContain('width="1400" height="700"');
    const layout = {
      id: "routes/site/layout",
      data: { publicUrl: "https://example.com", identity: { siteTitle: "S", companyName: "C" } },
    };
    const meta = route.meta({ data, matches: [layout], error: undefined } as never) as Record<string, string>[];
    const social = row.variants.find((variant) => variant.purpose === "social")!;
    expect(meta).toContainEqual({ property: "og:image", content: `https://example.com/media/${social.key}` });
    expect(meta).toContainEqual({ name: "twitter:image", content: `https://example.com/media/${social.key}` });

    const plainSlug = `plain-page-${crypto.randomUUID().slice(0, 8)}`;
    await cms.db.insert(content).values({
      title: "Plain page",
      slug: plainSlug,
      status: "published",
      publishedAt: new Date(),
      featuredImageUrl: "https://cdn.example.com/a.png",
    });
    invalidate(PUBLISHED_CONTENT_CACHE_PREFIX);
    const plain = (await route.loader({
      params: { slug: plainSlug },
      request: new Request("http://localhost/"),
    } as never))!;
    expect(plain.article.html).not.toContain("<picture");
    expect(plain.article.html).toContain('src="https://cdn.example.com/a.png"');
    const plainMeta = route.meta({ data: plain, matches: [layout], error: undefined } as never) as Record<
      string,
      string
    >[];
    expect(plainMeta).toContainEqual({ property: "og:image", content: "https://example.com/images/share.png" });
  });
});
