/**
 * GET /cms/media/library?q=: the media library as JSON, for the picker other CMS screens open
 * (components/cms/media/media-picker.tsx); POST saves an image's alt text from the picker.
 * Read by whoever may see the media library, changed by media.edit; never cached.
 */
import { data } from "react-router";
import { defaultVariantSize, listMedia, toLibraryItem } from "~/server/media/media.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { MEDIA_MESSAGES } from "~/lib/schemas/media";
import { runCmsAction } from "./cms-action.server";
import { mediaLibraryIntents } from "./media.server";
import { requirePermissionDownload, secondFactorFirstJson } from "./cms-download.server";
import type { Route } from "./+types/media-library";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Other users get the Access Denied page (HTML, 403), as for the CMS's other resource routes; an
  // administrator who must set up a second factor first, the error the picker shows.
  await requirePermissionDownload(request, context.cspNonce, "media.view", {
    secondFactorRefusal: secondFactorFirstJson,
  });
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  try {
    const rows = await listMedia(await getDb(), q, 60);
    return data({
      ok: true as const,
      items: rows.map((row) => ({ ...toLibraryItem(row), display: defaultVariantSize(row) })),
    });
  } catch (error) {
    logger.error({ err: error }, "could not read the media library");
    return data(
      { ok: false as const, error: "The media library could not be loaded. Please try again." },
      { status: 503 },
    );
  }
}

/** Intent "alt": the picker saves the alt text an image lacks before it is placed. Audited. */
export async function action({ request, context }: Route.ActionArgs) {
  await requirePermissionDownload(request, context.cspNonce, "media.edit", {
    secondFactorRefusal: secondFactorFirstJson,
  });
  return runCmsAction(
    request,
    { permission: "media.edit", failureMessage: MEDIA_MESSAGES.saveFailed },
    mediaLibraryIntents,
  );
}
