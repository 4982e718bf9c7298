/**
 * /training/curriculum.pdf: the "Download Curriculum" button of /training. SPEC.md's button has no
 * action; ours serves a PDF of the current catalogue, generated on the server, so it always lists
 * what the page lists (the built-in six when the database has no active course or cannot be read).
 */
import { attachmentDisposition } from "~/server/platform/http/content-disposition.server";
import { getCatalogue } from "~/server/commerce/courses.server";
import { getCurriculumPdf } from "~/server/commerce/curriculum.server";
import { getDb } from "~/server/platform/db/database.server";
import { getEnv } from "~/server/platform/env.server";
import { logger } from "~/server/platform/logger.server";
import { getPublicSettings } from "~/server/content/site-settings.server";

/**
 * Browsers and proxies may keep the file for five minutes: long enough to absorb repeated clicks,
 * short enough that a course the CMS changes is in the next download.
 */
const CACHE_CONTROL = "public, max-age=300";

export async function loader() {
  const [catalogue, settings] = await Promise.all([getCatalogue(getDb), getPublicSettings(getDb)]);
  try {
    const { filename, pdf } = await getCurriculumPdf(catalogue.courses, settings, { publicUrl: getEnv().publicUrl });
    return new Response(new Uint8Array(pdf), {
      status: 200,
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": attachmentDisposition(filename, "training-curriculum.pdf"),
        "Content-Length": String(pdf.length),
        "Cache-Control": CACHE_CONTROL,
      },
    });
  } catch (error) {
    logger.error({ err: error }, "could not build the training curriculum PDF");
    return new Response("The curriculum could not be prepared. Please try again in a few minutes.", {
      status: 500,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
