/**
 * What the contact form accepts of a file, judged without trusting the visitor: the extensions and
 * their stored types, the content each must have (by its first bytes, and for text, all of it), the
 * generated storage key and the original name made safe to show.
 */
import crypto from "node:crypto";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { CONTENT_TYPES } from "../platform/storage.server";

export const MAX_ORIGINAL_NAME_LENGTH = 255;

export const UPLOAD_MESSAGES = {
  tooLarge: (maxBytes: number) => `the file is larger than ${formatMegabytes(maxBytes)}`,
  type: "only PDF, Word (.doc, .docx) and plain text files are accepted",
  mismatch: (extension: string) => `the file's content does not match its ${extension} extension`,
  empty: "the file is empty",
  notText: "the .txt file is not plain text",
  oneFile: "only one file can be attached",
  wrongField: "files are accepted only in the attachment field",
  tooManyFields: "the form has too many fields",
  fieldTooLong: "a form field is too long",
  malformed: "the form data could not be read",
  storage: "the file could not be stored, please try again",
} as const;

function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}

/** The extensions accepted, with the type stored alongside the file. */
export const ATTACHMENT_TYPES = {
  ".pdf": CONTENT_TYPES[".pdf"],
  ".doc": CONTENT_TYPES[".doc"],
  ".docx": CONTENT_TYPES[".docx"],
  ".txt": CONTENT_TYPES[".txt"],
} as const;
export type AttachmentExtension = keyof typeof ATTACHMENT_TYPES;

/** `${Date.now()}-${32 random hex digits}${extension}`, the extension lower-cased. */
export function generateAttachmentKey(extension: AttachmentExtension, now = Date.now()): string {
  return `${now}-${crypto.randomBytes(16).toString("hex")}${extension}`;
}

const CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * The visitor's file name as it may be shown and sent back in a download: folders stripped, control
 * and invisible formatting characters (such as right-to-left overrides) removed, trimmed, at most
 * 255 characters with the extension kept; empty becomes "attachment".
 */
export function sanitizeOriginalName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const cleaned = base.normalize("NFC").replace(CONTROL_CHARACTERS, "").replace(/\s+/g, " ").trim();
  const characters = Array.from(cleaned);
  if (characters.length === 0) return "attachment";
  if (characters.length <= MAX_ORIGINAL_NAME_LENGTH) return cleaned;
  const extension = path.extname(cleaned);
  const keep = extension.length > 0 && extension.length <= 16 ? Array.from(extension) : [];
  return (
    characters
      .slice(0, MAX_ORIGINAL_NAME_LENGTH - keep.length)
      .join("")
      .trimEnd() + keep.join("")
  );
}

export function acceptedExtension(name: string): AttachmentExtension | undefined {
  const extension = path.extname(name).toLowerCase();
  return extension in ATTACHMENT_TYPES ? (extension as AttachmentExtension) : undefined;
}

/** The first bytes of a file that its type is judged from (a .docx's [Content_Types].xml comes first). */
export const SNIFF_BYTES = 256 * 1024;

/** What file-type must report for each extension; a .txt must be reported as nothing at all. */
const EXPECTED_TYPE: Record<AttachmentExtension, string | undefined> = {
  ".pdf": "pdf",
  ".doc": "cfb",
  ".docx": "docx",
  ".txt": undefined,
};

/** Markup a browser would sniff as a web page or an image with scripts (WHATWG MIME sniffing). */
const MARKUP_START =
  /^(?:\uFEFF)?\s*<(?:!doctype\s+html|html|head|body|script|iframe|svg|\?xml|!--|h1|div|table|a|img|style|title|br|p|b|font)[\s>/]/i;

/** Checks the first bytes against the extension; returns a reason to refuse, or undefined. */
export async function checkContent(extension: AttachmentExtension, head: Buffer): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  if (extension === ".txt") {
    if (detected) return UPLOAD_MESSAGES.mismatch(extension);
    if (head.includes(0)) return UPLOAD_MESSAGES.notText;
    if (MARKUP_START.test(head.toString("utf8"))) return UPLOAD_MESSAGES.mismatch(extension);
    return undefined;
  }
  if (detected?.ext !== EXPECTED_TYPE[extension]) return UPLOAD_MESSAGES.mismatch(extension);
  return undefined;
}

/** Incremental check that a .txt file is UTF-8 text without NUL bytes, chunk by chunk. */
export function createTextChecker() {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let valid = true;
  return {
    push(chunk: Buffer) {
      if (!valid) return;
      if (chunk.includes(0)) valid = false;
      else {
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          valid = false;
        }
      }
    },
    end(): boolean {
      if (!valid) return false;
      try {
        decoder.decode();
        return true;
      } catch {
        return false;
      }
    },
  };
}
