/**
 * The one file a contact form may carry, received while it streams in: checked by size, extension,
 * first bytes and (for text) all of it, and written to storage under a generated name once its
 * first bytes pass. The form being read (uploads.server.ts) is told at once of any refusal.
 */
import { PassThrough, type Readable } from "node:stream";
import type { FileStorage } from "../platform/storage.server";
import {
  acceptedExtension,
  type AttachmentExtension,
  ATTACHMENT_TYPES,
  checkContent,
  createTextChecker,
  generateAttachmentKey,
  sanitizeOriginalName,
  SNIFF_BYTES,
  UPLOAD_MESSAGES,
} from "./attachment-files.server";
import { asUploadError, fileTooLarge, UploadError } from "./upload-error.server";

export interface StoredAttachment {
  /** The generated storage key, `<milliseconds>-<32 hex><extension>`; store it in attachment_url. */
  key: string;
  /** The visitor's file name, made safe to show; store it in attachment_filename. */
  originalName: string;
  size: number;
  contentType: string;
}

/** What receiving the attachment needs from the form it belongs to. */
export interface AttachmentTarget {
  storage: FileStorage;
  maxFileBytes: number;
  /** Refuses the whole form, which stops reading the body at once. */
  fail(error: UploadError): void;
  /** A key is being written to: it is removed again if the form is refused. */
  track(key: string): void;
}

/**
 * The file in the attachment field, checked as it arrives (size, extension, first bytes, text) and
 * streamed into storage once its first bytes pass. `done` gives the stored attachment, nothing for
 * an empty file input, or the reason it was refused.
 */
export class AttachmentReception {
  readonly done: Promise<StoredAttachment | undefined>;
  private resolve!: (attachment: StoredAttachment | undefined) => void;
  private reject!: (error: UploadError) => void;
  private readonly rawName: string;
  private readonly originalName: string;
  private readonly extension: AttachmentExtension | undefined;
  private readonly text: ReturnType<typeof createTextChecker> | undefined;
  private size = 0;
  /** The first bytes, held until there are enough to check the content. */
  private head: Buffer[] = [];
  private headBytes = 0;
  private output: PassThrough | undefined;
  private saving: Promise<void> | undefined;
  private key: string | undefined;
  private stopped = false;
  private starting: Promise<void> | undefined;

  constructor(
    private readonly file: Readable,
    filename: string,
    private readonly target: AttachmentTarget,
  ) {
    this.done = new Promise<StoredAttachment | undefined>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.rawName = filename.trim();
    this.originalName = sanitizeOriginalName(this.rawName);
    this.extension = acceptedExtension(this.originalName);
    this.text = this.extension === ".txt" ? createTextChecker() : undefined;
    file.on("limit", () => this.stop(fileTooLarge(target.maxFileBytes)));
    file.on("data", (chunk: Buffer) => this.receive(chunk));
    file.on("end", () => {
      if (!this.stopped) void this.complete();
    });
    file.on("error", () => this.stop(new UploadError(UPLOAD_MESSAGES.malformed, 400)));
  }

  private receive(chunk: Buffer): void {
    if (this.stopped) return;
    this.size += chunk.length;
    if (this.size > this.target.maxFileBytes) return this.stop(fileTooLarge(this.target.maxFileBytes));
    if (this.rawName === "") return; // No file chosen: whatever came with it is ignored.
    if (!this.extension) return this.stop(new UploadError(UPLOAD_MESSAGES.type, 415));
    this.text?.push(chunk);
    if (this.output) return this.write(this.output, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return;
    this.file.pause();
    this.beginOnce().then(
      () => {
        if (!this.stopped) this.file.resume();
      },
      (error: unknown) => this.stop(error as UploadError),
    );
  }

  /** Writes on to storage, pausing the file while storage catches up. */
  private write(output: PassThrough, chunk: Buffer): void {
    if (!output.write(chunk)) {
      this.file.pause();
      output.once("drain", () => this.file.resume());
    }
  }

  /** Runs once the first bytes are known (the sniff buffer is full, or the file ended). */
  private beginOnce(): Promise<void> {
    this.starting ??= this.startSaving();
    return this.starting;
  }

  private async startSaving(): Promise<void> {
    const extension = this.extension!;
    const first = Buffer.concat(this.head);
    this.head = [];
    const reason = await checkContent(extension, first);
    if (reason) throw new UploadError(reason, 415);
    if (this.stopped) return;
    const key = generateAttachmentKey(extension);
    this.key = key;
    this.target.track(key);
    const output = new PassThrough();
    this.output = output;
    this.saving = this.target.storage.save(key, output, { contentType: ATTACHMENT_TYPES[extension] });
    this.saving.catch((error: unknown) => this.stop(asUploadError(error)));
    output.write(first);
  }

  /** The file has ended: it is checked as a whole, and stored to its end. */
  private async complete(): Promise<void> {
    try {
      if (this.rawName === "") {
        // An empty file input: the browser sends a part with no name and no content.
        if (this.size > 0) throw new UploadError(UPLOAD_MESSAGES.type, 415);
        return this.resolve(undefined);
      }
      if (!this.extension) throw new UploadError(UPLOAD_MESSAGES.type, 415);
      if (this.size === 0) throw new UploadError(UPLOAD_MESSAGES.empty, 400);
      if (this.text && !this.text.end()) throw new UploadError(UPLOAD_MESSAGES.notText, 415);
      await this.beginOnce();
      if (this.stopped) return;
      this.output!.end();
      await this.saving;
      const contentType = ATTACHMENT_TYPES[this.extension];
      this.resolve({ key: this.key!, originalName: this.originalName, size: this.size, contentType });
    } catch (error) {
      this.stop(asUploadError(error));
    }
  }

  private stop(error: UploadError): void {
    if (this.stopped) return;
    this.stopped = true;
    this.target.fail(error); // Stop reading the body at once.
    this.file.removeAllListeners("data");
    this.file.resume(); // Let the parser move on; it is unpiped from the body by fail().
    this.output?.destroy(error);
    void this.settleAfterStop(error);
  }

  /** Whatever was started is finished first, so the clean-up sees every stored key. */
  private async settleAfterStop(error: UploadError): Promise<void> {
    await this.starting?.catch(() => undefined);
    this.output?.destroy(error);
    await this.saving?.catch(() => undefined);
    this.reject(error);
  }
}
