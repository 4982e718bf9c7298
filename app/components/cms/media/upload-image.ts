import type { MediaLibraryItem } from "~/lib/cms/media";

export type UploadAnswer = { ok: true; item: MediaLibraryItem } | { ok: false; error: string };

const NETWORK_FAILED = "The upload did not reach the server. Check the connection and try again.";

/**
 * Sends one image to /cms/media/upload. XMLHttpRequest rather than fetch, because only it reports
 * the upload's progress (`onProgress`, 0 to 1), which the Media tab shows per file.
 */
export function uploadImage(
  file: File,
  csrf: string,
  options: { replace?: string; onProgress?: (fraction: number) => void } = {},
): Promise<UploadAnswer> {
  const body = new FormData();
  body.set("csrf", csrf);
  if (options.replace) body.set("replace", options.replace);
  body.set("file", file);
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/cms/media/upload");
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const answer = request.response as (Partial<UploadAnswer> & { error?: string }) | null;
      if (answer && answer.ok === true && answer.item) resolve({ ok: true, item: answer.item });
      else if (answer && typeof answer.error === "string") resolve({ ok: false, error: answer.error });
      else if (request.status === 413) resolve({ ok: false, error: "The file is larger than 10 MB." });
      else if (request.status === 403)
        resolve({ ok: false, error: "Your session has expired. Please reload the page and sign in again." });
      else resolve({ ok: false, error: `The upload failed (status ${request.status}). Please try again.` });
    });
    request.addEventListener("error", () => resolve({ ok: false, error: NETWORK_FAILED }));
    request.send(body);
  });
}
