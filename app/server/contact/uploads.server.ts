/**
 * The contact form's body, read as it streams in (SPEC.md sections 5, 7 and 8; DESIGN.md's rules
 * for uploaded files): text fields, and at most one file in the field `attachment` that is a PDF,
 * a Word document (.doc, .docx) or plain text, checked by extension and by content, at most 10 MB.
 * The file goes to storage under a generated name while it arrives (attachment-reception.server.ts);
 * whatever goes wrong, nothing is left stored and the visitor gets a reason to show as
 * "Failed to upload attachment: <reason>" (upload-error.server.ts).
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import type { FileStorage } from "../platform/storage.server";
import { decodeText, RequestBodyError } from "../platform/http/request-body.server";
import { UPLOAD_MESSAGES } from "./attachment-files.server";
import { AttachmentReception, type StoredAttachment } from "./attachment-reception.server";
import { asUploadError, fileTooLarge, UploadError } from "./upload-error.server";

export const ATTACHMENT_FIELD = "attachment";
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_FIELDS = 30;
export const MAX_FIELD_BYTES = 64 * 1024;

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
export async function parseContactForm(request: Request, options: ParseContactFormOptions): Promise<ParsedContactForm> {
  const limits: FormLimits = {
    maxFileBytes: options.maxFileBytes ?? MAX_ATTACHMENT_BYTES,
    maxFields: options.maxFields ?? MAX_FIELDS,
    maxFieldBytes: options.maxFieldBytes ?? MAX_FIELD_BYTES,
  };
  const { contentType, body } = acceptableBody(request, limits);
  const parser = createParser(contentType, limits);
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  return new ContactFormReading(source, parser, options.storage, limits).result;
}

interface FormLimits {
  maxFileBytes: number;
  maxFields: number;
  maxFieldBytes: number;
}

/** The most bytes an acceptable form can take: the file, every field with room for its headers, and framing. */
function maxBodyBytes({ maxFileBytes, maxFields, maxFieldBytes }: FormLimits): number {
  return maxFileBytes + maxFields * (maxFieldBytes + 1024) + 64 * 1024;
}

/**
 * The request's body, when it is a form: refuses any other type, and a body announced as larger
 * than any acceptable form before a byte of it is read.
 */
function acceptableBody(request: Request, limits: FormLimits): { contentType: string; body: ReadableStream } {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType) || !request.body) {
    throw new UploadError(UPLOAD_MESSAGES.malformed, 415);
  }
  const declaredLength = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declaredLength) && declaredLength > maxBodyBytes(limits)) throw fileTooLarge(limits.maxFileBytes);
  return { contentType, body: request.body };
}

function createParser(contentType: string, { maxFileBytes, maxFields, maxFieldBytes }: FormLimits): busboy.Busboy {
  try {
    return busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      // Field values arrive as their bytes (latin1 maps each byte to one character) and are decoded
      // strictly in readField: busboy's own decoding would turn invalid UTF-8 into U+FFFD without a word.
      defCharset: "latin1",
      limits: {
        files: 1,
        fields: maxFields,
        parts: maxFields + 1,
        fieldSize: maxFieldBytes,
        fieldNameSize: 200,
        // A backstop: the attachment's own reading stops at maxFileBytes + 1.
        fileSize: maxFileBytes + 1,
        headerPairs: 100,
      },
    });
  } catch {
    throw new UploadError(UPLOAD_MESSAGES.malformed, 400);
  }
}

type FormFailure = UploadError | RequestBodyError;

/**
 * One form being read: the body is piped into the parser, fields are collected, the attachment is
 * received, and the first refusal stops the reading. `result` settles once everything started has
 * finished; on a refusal, every key stored for the form is removed first.
 */
class ContactFormReading {
  readonly result: Promise<ParsedContactForm>;
  private resolve!: (form: ParsedContactForm) => void;
  private reject!: (error: FormFailure) => void;
  private readonly fields: Record<string, string> = {};
  private attachment: StoredAttachment | undefined;
  private failure: FormFailure | undefined;
  /** The attachment's reception, awaited before the result settles. */
  private readonly pendingSaves: Promise<unknown>[] = [];
  /** Every stored (or being stored) key, removed again if the form is refused. */
  private readonly storedKeys: string[] = [];
  private fileSeen = false;
  private settled = false;
  private received = 0;

  constructor(
    private readonly source: Readable,
    private readonly parser: busboy.Busboy,
    private readonly storage: FileStorage,
    private readonly limits: FormLimits,
  ) {
    this.result = new Promise<ParsedContactForm>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.listen();
    source.pipe(parser);
  }

  private listen(): void {
    const { parser, source } = this;
    parser.on("field", (name, value, info) => this.readField(name, value, info));
    parser.on("fieldsLimit", () => this.fail(new UploadError(UPLOAD_MESSAGES.tooManyFields, 413)));
    parser.on("partsLimit", () => this.fail(new UploadError(UPLOAD_MESSAGES.tooManyFields, 413)));
    parser.on("filesLimit", () => this.fail(new UploadError(UPLOAD_MESSAGES.oneFile, 400)));
    parser.on("error", () => this.fail(new UploadError(UPLOAD_MESSAGES.malformed, 400)));
    parser.on("close", () => void this.finish());
    parser.on("file", (name, file, info) => this.readFile(name, file, info.filename ?? ""));
    source.on("error", () => this.fail(new UploadError(UPLOAD_MESSAGES.malformed, 400)));
    source.on("data", (chunk: Buffer) => this.countBodyBytes(chunk));
  }

  /**
   * However the body is framed (chunked, or with a Content-Length that understates it), reading
   * stops once more arrived than any acceptable form holds; busboy's limits alone would let bytes
   * outside any part (a preamble, say) through uncounted.
   */
  private countBodyBytes(chunk: Buffer): void {
    this.received += chunk.length;
    if (this.received > maxBodyBytes(this.limits)) this.fail(fileTooLarge(this.limits.maxFileBytes));
  }

  private readField(name: string, value: string, info: busboy.FieldInfo): void {
    if (info.nameTruncated || info.valueTruncated) {
      return this.fail(new UploadError(UPLOAD_MESSAGES.fieldTooLong, 413));
    }
    if (name === ATTACHMENT_FIELD) return; // A client that sends "no file" as an empty text value.
    try {
      // Invalid UTF-8 or a NUL is refused here, before it could fail in the database as a 500.
      this.fields[decodeText(Buffer.from(name, "latin1"))] = decodeText(Buffer.from(value, "latin1"));
    } catch (error) {
      if (!(error instanceof RequestBodyError)) throw error;
      this.fail(error);
    }
  }

  /** Only one file, only in the attachment field. */
  private readFile(name: string, file: Readable, filename: string): void {
    if (name !== ATTACHMENT_FIELD || this.fileSeen) {
      file.resume();
      const reason = name !== ATTACHMENT_FIELD ? UPLOAD_MESSAGES.wrongField : UPLOAD_MESSAGES.oneFile;
      return this.fail(new UploadError(reason, 400));
    }
    this.fileSeen = true;
    const reception = new AttachmentReception(file, filename, {
      storage: this.storage,
      maxFileBytes: this.limits.maxFileBytes,
      fail: (error) => this.fail(error),
      track: (key) => this.storedKeys.push(key),
    });
    const done = reception.done.then((attachment) => {
      this.attachment = attachment;
    });
    this.pendingSaves.push(done);
    done.catch((error: unknown) => this.fail(asUploadError(error)));
  }

  /** Refuses the form: stops reading the body (without reading the rest), then cleans up. */
  private fail(error: FormFailure): void {
    this.failure ??= error;
    this.source.unpipe(this.parser);
    this.source.pause();
    this.parser.removeAllListeners("field");
    this.parser.removeAllListeners("file");
    void this.finish();
  }

  private async finish(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await Promise.allSettled(this.pendingSaves);
    if (this.failure) {
      await Promise.allSettled(this.storedKeys.map((key) => this.storage.remove(key)));
      this.reject(this.failure);
    } else {
      this.resolve(this.attachment ? { fields: this.fields, attachment: this.attachment } : { fields: this.fields });
    }
  }
}

/** Deletes a stored attachment when what follows the upload fails; never throws. */
export async function removeAttachment(storage: FileStorage, key: string): Promise<void> {
  try {
    await storage.remove(key);
  } catch {
    // Nothing more to do here; the retention script lists what it cannot remove.
  }
}
