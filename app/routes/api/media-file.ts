/**
 * GET /media/:file: the media library's public files.
 *
 * - A variant (`media-<id>-<version>-<width>.avif`, `...-social-x500y500.jpg`): its name carries the
 *   image's version, so its bytes never change: cached for a year, immutable.
 * - An image's stable address (`<id>.webp`): the current default width, cached briefly, so that
 *   a replaced file shows within minutes wherever the address was pasted.
 *
 * The original upload is never served, and any other name is 404. `X-Content-Type-Options: nosniff`
 * (set on every response by security-headers.server.ts) keeps browsers from reading a file as
 * anything but its declared image type.
 */
import { Readable } from "node:stream";
import { mediaIdOfAddress } from "~/lib/cms/media";
import { PUBLIC_VARIANT_KEY } from "~/server/media/image-variants.server";
import { findMedia, variantNear } from "~/server/media/media.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { contentTypeOf, getStorage, StorageNotFoundError } from "~/server/platform/storage.server";
import type { Route } from "./+types/media-file";

const IMMUTABLE = "public, max-age=31536000, immutable";
const STABLE = "public, max-age=300";

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

async function serve(key: string, cacheControl: string, method: string): Promise<Response> {
  let stream: Readable;
  try {
    stream = await getStorage().open(key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) return notFound();
    throw error;
  }
  const headers = {
    "Content-Type": contentTypeOf(key),
    "Cache-Control": cacheControl,
    // Shown inline, and saved under its own name if someone saves it.
    "Content-Disposition": "inline",
  };
  if (method === "HEAD") {
    stream.destroy();
    return new Response(null, { headers });
  }
  return new Response(Readable.toWeb(stream) as unknown as ReadableStream, { headers });
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const file = params.file ?? "";
  try {
    if (PUBLIC_VARIANT_KEY.test(file)) return await serve(file, IMMUTABLE, request.method);
    const id = mediaIdOfAddress(`/media/${file}`);
    if (!id) return notFound();
    const row = await findMedia(await getDb(), id);
    const variant = row ? variantNear(row, "webp") : undefined;
    return variant ? await serve(variant.key, STABLE, request.method) : notFound();
  } catch (error) {
    logger.error({ err: error, file }, "could not serve a media file");
    return new Response("Sorry, the image could not be loaded. Please try again shortly.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
