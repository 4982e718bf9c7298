/**
 * The contact form's body, read as it streams in (SPEC.md sections 5, 7 and 8; DESIGN.md's rules
 * for uploaded files): text fields, and at most one file in the field `attachment` that is a PDF,
 * a Word document (.doc, .docx) or plain text, checked by extension and by content, at most 10 MB.
 * The file goes to storage under a generated name while it arrives; whatever goes wrong, nothing is
 * left stored and the visitor gets a reason to show as "Failed to upload attachment: <reason>".
 */
import { PassThrough, Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import type { FileStorage } from "../platform/storage.server";
import { ExpectedError } from "../platform/errors.server";
import { decodeText, RequestBodyError } from "../platform/http/request-body.server";
import {
  acceptedExtension,
  ATTACHMENT_TYPES,
  checkContent,
  createTextChecker,
  generateAttachmentKey,
  sanitizeOriginalName,
  SNIFF_BYTES,
  UPLOAD_MESSAGES,
} from "./attachment-files.server";

export const ATTACHMENT_FIELD = "attachment";
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_FIELDS = 30;
export const MAX_FIELD_BYTES = 64 * 1024;

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

export interface StoredAttachment {
  /** The generated storage key, `<milliseconds>-<32 hex><extension>`; store it in attachment_url. */
  key: string;
  /** The visitor's file name, made safe to show; store it in attachment_filename. */
  originalName: string;
  size: number;
  contentType: string;
}

export interface ParsedContactForm {
  fields: Record<string, string>;
  attachment?: StoredAttachment;
}

export interface ParseContactFormOptions {
  storage: FileStorage;
  maxFileBytes?: number;
  maxFields?: number;
  maxFieldBytes?: number;
}

/**
 * Reads a multipart/form-data (or URL-encoded) body. Text fields come back as strings; a file in the
 * `attachment` field is checked and stored, and described in `attachment`. An empty file input (no
 * file chosen) is no attachment. Throws UploadError with the reason for anything refused (or
 * RequestBodyError for a field that is not UTF-8 or holds a NUL, which is no upload error); nothing
 * stays in storage then. When the caller fails later (saving the submission), it must call
 * `removeAttachment(storage, attachment.key)`.
 */
export async function parseContactForm(
  request: Request,
  {
    storage,
    maxFileBytes = MAX_ATTACHMENT_BYTES,
    maxFields = MAX_FIELDS,
    maxFieldBytes = MAX_FIELD_BYTES,
  }: ParseContactFormOptions,
): Promise<ParsedContactForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType) || !request.body) {
    throw new UploadError(UPLOAD_MESSAGES.malformed, 415);
  }
  // A body announced as larger than any acceptable form is refused before a byte of it is read.
  const maxBodyBytes = maxFileBytes + maxFields * (maxFieldBytes + 1024) + 64 * 1024;
  const declaredLength = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declaredLength) && declaredLength > maxBodyBytes) {
    throw new UploadError(UPLOAD_MESSAGES.tooLarge(maxFileBytes), 413, true);
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      // Field values arrive as their bytes (latin1 maps each byte to one character) and are decoded
      // strictly below: busboy's own decoding would turn invalid UTF-8 into U+FFFD without a word.
      defCharset: "latin1",
      limits: {
        files: 1,
        fields: maxFields,
        parts: maxFields + 1,
        fieldSize: maxFieldBytes,
        fieldNameSize: 200,
        // A backstop: the file's own handler stops at maxFileBytes + 1.
        fileSize: maxFileBytes + 1,
        headerPairs: 100,
      },
    });
  } catch {
    throw new UploadError(UPLOAD_MESSAGES.malformed, 400);
  }

  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  const fields: Record<string, string> = {};
  let attachment: StoredAttachment | undefined;
  let failure: UploadError | RequestBodyError | undefined;
  /** Every stored (or being stored) key, removed again if the form is refused. */
  const pendingSaves: Promise<unknown>[] = [];
  const storedKeys: string[] = [];
  let fileSeen = false;

  return new Promise<ParsedContactForm>((resolve, reject) => {
    let settled = false;
    const finish = async () => {
      if (settled) return;
      settled = true;
      await Promise.allSettled(pendingSaves);
      if (failure) {
        await Promise.allSettled(storedKeys.map((key) => storage.remove(key)));
        reject(failure);
      } else {
        resolve(attachment ? { fields, attachment } : { fields });
      }
    };
    /** Refuses the form: stops reading the body (without reading the rest), then cleans up. */
    const fail = (error: UploadError | RequestBodyError) => {
      failure ??= error;
      source.unpipe(parser);
      source.pause();
      parser.removeAllListeners("field");
      parser.removeAllListeners("file");
      void finish();
    };

    parser.on("field", (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(new UploadError(UPLOAD_MESSAGES.fieldTooLong, 413));
      if (name === ATTACHMENT_FIELD) return; // A client that sends "no file" as an empty text value.
      try {
        // Invalid UTF-8 or a NUL is refused here, before it could fail in the database as a 500.
        fields[decodeText(Buffer.from(name, "latin1"))] = decodeText(Buffer.from(value, "latin1"));
      } catch (error) {
        if (!(error instanceof RequestBodyError)) throw error;
        fail(error);
      }
    });
    parser.on("fieldsLimit", () => fail(new UploadError(UPLOAD_MESSAGES.tooManyFields, 413)));
    parser.on("partsLimit", () => fail(new UploadError(UPLOAD_MESSAGES.tooManyFields, 413)));
    parser.on("filesLimit", () => fail(new UploadError(UPLOAD_MESSAGES.oneFile, 400)));
    parser.on("error", () => fail(new UploadError(UPLOAD_MESSAGES.malformed, 400)));
    parser.on("close", () => void finish());
    source.on("error", () => fail(new UploadError(UPLOAD_MESSAGES.malformed, 400)));
    // However the body is framed (chunked, or with a Content-Length that understates it), reading
    // stops once more arrived than any acceptable form holds; busboy's limits alone would let
    // bytes outside any part (a preamble, say) through uncounted.
    let received = 0;
    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBodyBytes) fail(new UploadError(UPLOAD_MESSAGES.tooLarge(maxFileBytes), 413, true));
    });

    parser.on("file", (name, file, info) => {
      if (name !== ATTACHMENT_FIELD) {
        file.resume();
        return fail(new UploadError(UPLOAD_MESSAGES.wrongField, 400));
      }
      if (fileSeen) {
        file.resume();
        return fail(new UploadError(UPLOAD_MESSAGES.oneFile, 400));
      }
      fileSeen = true;
      const done = receiveFile(file, info.filename ?? "");
      pendingSaves.push(done);
      done.catch((error: unknown) =>
        fail(error instanceof UploadError ? error : new UploadError(UPLOAD_MESSAGES.storage, 500)),
      );
    });

    /** Checks the file as it arrives and streams it into storage once its first bytes pass. */
    const receiveFile = (file: Readable, filename: string) =>
      new Promise<void>((resolveFile, rejectFile) => {
        const rawName = filename.trim();
        const originalName = sanitizeOriginalName(rawName);
        const extension = acceptedExtension(originalName);
        let size = 0;
        let head: Buffer[] = [];
        let headBytes = 0;
        let output: PassThrough | undefined;
        let saving: Promise<void> | undefined;
        let key: string | undefined;
        const text = extension === ".txt" ? createTextChecker() : undefined;
        let stopped = false;
        let starting: Promise<void> | undefined;

        const stop = (error: UploadError) => {
          if (stopped) return;
          stopped = true;
          fail(error); // Stop reading the body at once.
          file.removeAllListeners("data");
          file.resume(); // Let the parser move on; it is unpiped from the body by fail().
          output?.destroy(error);
          void (async () => {
            // Whatever was started is finished first, so the clean-up sees every stored key.
            await starting?.catch(() => undefined);
            output?.destroy(error);
            await saving?.catch(() => undefined);
            rejectFile(error);
          })();
        };

        const startSaving = async (): Promise<void> => {
          const first = Buffer.concat(head);
          head = [];
          const reason = await checkContent(extension!, first);
          if (reason) throw new UploadError(reason, 415);
          if (stopped) return;
          key = generateAttachmentKey(extension!);
          storedKeys.push(key);
          output = new PassThrough();
          saving = storage.save(key, output, { contentType: ATTACHMENT_TYPES[extension!] });
          saving.catch((error: unknown) =>
            stop(error instanceof UploadError ? error : new UploadError(UPLOAD_MESSAGES.storage, 500)),
          );
          output.write(first);
        };

        /** Runs once the first bytes are known (the sniff buffer is full, or the file ended). */
        const beginOnce = () => {
          starting ??= startSaving();
          return starting;
        };

        file.on("limit", () => stop(new UploadError(UPLOAD_MESSAGES.tooLarge(maxFileBytes), 413, true)));
        file.on("data", (chunk: Buffer) => {
          if (stopped) return;
          size += chunk.length;
          if (size > maxFileBytes) return stop(new UploadError(UPLOAD_MESSAGES.tooLarge(maxFileBytes), 413, true));
          if (rawName === "") return; // No file chosen: whatever came with it is ignored.
          if (!extension) return stop(new UploadError(UPLOAD_MESSAGES.type, 415));
          text?.push(chunk);
          if (!output) {
            head.push(chunk);
            headBytes += chunk.length;
            if (headBytes < SNIFF_BYTES) return;
            file.pause();
            beginOnce().then(
              () => {
                if (!stopped) file.resume();
              },
              (error: unknown) => stop(error as UploadError),
            );
            return;
          }
          if (!output.write(chunk)) {
            file.pause();
            output.once("drain", () => file.resume());
          }
        });
        file.on("end", () => {
          if (stopped) return;
          void (async () => {
            try {
              if (rawName === "") {
                // An empty file input: the browser sends a part with no name and no content.
                if (size > 0) throw new UploadError(UPLOAD_MESSAGES.type, 415);
                return resolveFile();
              }
              if (!extension) throw new UploadError(UPLOAD_MESSAGES.type, 415);
              if (size === 0) throw new UploadError(UPLOAD_MESSAGES.empty, 400);
              if (text && !text.end()) throw new UploadError(UPLOAD_MESSAGES.notText, 415);
              await beginOnce();
              if (stopped) return;
              output!.end();
              await saving;
              attachment = { key: key!, originalName, size, contentType: ATTACHMENT_TYPES[extension] };
              resolveFile();
            } catch (error) {
              stop(error instanceof UploadError ? error : new UploadError(UPLOAD_MESSAGES.storage, 500));
            }
          })();
        });
        file.on("error", () => stop(new UploadError(UPLOAD_MESSAGES.malformed, 400)));
      });

    source.pipe(parser);
  });
}

/** Deletes a stored attachment when what follows the upload fails; never throws. */
export async function removeAttachment(storage: FileStorage, key: string): Promise<void> {
  try {
    await storage.remove(key);
  } catch {
    // Nothing more to do here; the retention script lists what it cannot remove.
  }
}
