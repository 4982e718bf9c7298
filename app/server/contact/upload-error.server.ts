/**
 * The contact form's refusal of an upload: the reason to show the visitor, the status to answer
 * with, and whether the rest of the body was left unread.
 */
import { ExpectedError } from "../platform/errors.server";
import { UPLOAD_MESSAGES } from "./attachment-files.server";

/**
 * Why the form was refused. `message` is the reason alone: show it as
 * `Failed to upload attachment: ${error.message}`. When `bodyUnread` is true the request's body was
 * deliberately left unread (an oversize upload): answer with `Connection: close`
 * (see `uploadErrorHeaders`), so the server does not read the rest of it. It is the one
 * ExpectedError with more to say, which is why it is a subclass and not a look-alike.
 */
export class UploadError extends ExpectedError {
  override name = "UploadError";
  constructor(
    message: string,
    status: 400 | 413 | 415 | 500 = 400,
    readonly bodyUnread = false,
  ) {
    super(message, { status });
  }
}

/** Headers for the response to a refused upload: the connection closes when the body was left unread. */
export function uploadErrorHeaders(error: UploadError): HeadersInit {
  return error.bodyUnread ? { Connection: "close" } : {};
}

/** A file over the limit: refused before the rest of the body is read. */
export function fileTooLarge(maxFileBytes: number): UploadError {
  return new UploadError(UPLOAD_MESSAGES.tooLarge(maxFileBytes), 413, true);
}

/** A storage failure, or anything unexpected, is the visitor's "could not store" reason. */
export function asUploadError(error: unknown): UploadError {
  return error instanceof UploadError ? error : new UploadError(UPLOAD_MESSAGES.storage, 500);
}
