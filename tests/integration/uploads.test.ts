/**
 * The contact form's upload (app/server/contact/uploads.server.ts): PDF, Word and text files accepted by
 * extension and content and stored under a generated name; renamed web pages and executables,
 * polyglots, empty and oversize files, files in other fields refused with a reason and nothing
 * left in storage; an oversize body is not read to its end.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "~/server/platform/storage.server";
import { generateAttachmentKey, sanitizeOriginalName } from "~/server/contact/attachment-files.server";
import { parseContactForm, removeAttachment } from "~/server/contact/uploads.server";
import { UploadError, uploadErrorHeaders } from "~/server/contact/upload-error.server";
import {
  BOUNDARY,
  docBytes,
  docxBytes,
  exeBytes,
  multipartBody,
  multipartRequest,
  pdfBytes,
  zipBytes,
  type FilePart,
} from "./upload-fixtures";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-test-"));
const storage = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
beforeEach(() => {
  for (const name of fs.readdirSync(root)) fs.rmSync(path.join(root, name), { force: true });
});

const FIELDS = { name: "Ada Lovelace", email: "ada@example.com", subject: "Application", message: "Hello" };
const KEY_FORMAT = /^\d{13}-[0-9a-f]{32}\.(pdf|doc|docx|txt)$/;
const stored = () => fs.readdirSync(root);

/** The UploadError a parse ends with (the test fails if it succeeds). */
async function rejection(parsing: Promise<unknown>): Promise<UploadError> {
  const error = await parsing.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

async function refused(files: FilePart[], fields: Record<string, string> = FIELDS): Promise<UploadError> {
  const error = await rejection(parseContactForm(multipartRequest(fields, files), { storage }));
  expect(stored()).toEqual([]);
  return error;
}

describe("accepted attachments", () => {
  it.each([
    ["cv.pdf", pdfBytes(), ".pdf", "application/pdf"],
    ["CV.DOCX", docxBytes(), ".docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["old.doc", docBytes(), ".doc", "application/msword"],
    ["notes.txt", "Plain words, with £ and é in UTF-8.\n", ".txt", "text/plain; charset=utf-8"],
  ])("stores %s under a generated name and keeps its original name", async (filename, content, extension, type) => {
    const before = Date.now();
    const result = await parseContactForm(multipartRequest(FIELDS, [{ filename, content }]), { storage });
    expect(result.fields).toEqual(FIELDS);
    const attachment = result.attachment!;
    expect(attachment.key).toMatch(KEY_FORMAT);
    expect(attachment.key.endsWith(extension)).toBe(true);
    const timestamp = Number(attachment.key.split("-")[0]);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
    expect(attachment).toMatchObject({ originalName: filename, size: Buffer.byteLength(content), contentType: type });
    expect(stored()).toEqual([attachment.key]);
    expect(fs.readFileSync(path.join(root, attachment.key))).toEqual(Buffer.from(content));
  });

  it("treats an empty file input (no file chosen) as no attachment", async () => {
    const result = await parseContactForm(multipartRequest(FIELDS, [{ filename: "", content: "" }]), { storage });
    expect(result).toEqual({ fields: FIELDS });
    expect(stored()).toEqual([]);
  });

  it("reads a form without any file, multipart or URL-encoded", async () => {
    await expect(parseContactForm(multipartRequest(FIELDS), { storage })).resolves.toEqual({ fields: FIELDS });
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(FIELDS),
    });
    await expect(parseContactForm(request, { storage })).resolves.toEqual({ fields: FIELDS });
  });

  it("accepts a file of exactly the limit", async () => {
    const content = Buffer.concat([pdfBytes(), Buffer.alloc(2048 - pdfBytes().length, 0x20)]);
    const result = await parseContactForm(multipartRequest(FIELDS, [{ filename: "a.pdf", content }]), {
      storage,
      maxFileBytes: 2048,
    });
    expect(result.attachment?.size).toBe(2048);
  });

  it("neutralises path-like, control-character and very long names", async () => {
    const long = `${"x".repeat(400)}.pdf`;
    const result = await parseContactForm(
      multipartRequest(FIELDS, [{ filename: "..\\..\\windows\\evil\u202Egpj.pdf", content: pdfBytes() }]),
      { storage },
    );
    expect(result.attachment?.originalName).toBe("evilgpj.pdf");
    expect(sanitizeOriginalName("../../etc/passwd.txt")).toBe("passwd.txt");
    expect(sanitizeOriginalName("  my\tcv\u0000\r\n.pdf  ")).toBe("mycv.pdf");
    expect(sanitizeOriginalName("/")).toBe("attachment");
    const shortened = sanitizeOriginalName(long);
    expect(shortened).toHaveLength(255);
    expect(shortened.endsWith(".pdf")).toBe(true);
    const stored = await parseContactForm(multipartRequest(FIELDS, [{ filename: long, content: pdfBytes() }]), {
      storage,
    });
    expect(stored.attachment?.originalName).toBe(shortened);
    expect(stored.attachment?.key).toMatch(KEY_FORMAT);
  });

  it("generates keys of a timestamp, 32 random hex digits and the extension", () => {
    const first = generateAttachmentKey(".pdf", 1_700_000_000_000);
    expect(first).toMatch(/^1700000000000-[0-9a-f]{32}\.pdf$/);
    expect(generateAttachmentKey(".pdf", 1_700_000_000_000)).not.toBe(first);
  });
});

describe("refused attachments", () => {
  it("refuses other extensions", async () => {
    for (const filename of ["page.html", "run.exe", "cv.pdf.exe", "cv", "image.png"]) {
      const error = await refused([{ filename, content: "hello" }]);
      expect(error.message).toBe("only PDF, Word (.doc, .docx) and plain text files are accepted");
      expect(error.status).toBe(415);
    }
  });

  it("refuses an HTML page renamed .pdf or .txt", async () => {
    const html = "<!DOCTYPE html><html><body><script>alert(1)</script></body></html>";
    expect((await refused([{ filename: "cv.pdf", content: html }])).message).toBe(
      "the file's content does not match its .pdf extension",
    );
    expect((await refused([{ filename: "cv.txt", content: `\n  ${html}` }])).message).toBe(
      "the file's content does not match its .txt extension",
    );
  });

  it("refuses an executable renamed .docx, .doc, .pdf or .txt", async () => {
    for (const extension of [".docx", ".doc", ".pdf"]) {
      const error = await refused([{ filename: `cv${extension}`, content: exeBytes() }]);
      expect(error.message).toBe(`the file's content does not match its ${extension} extension`);
    }
    expect((await refused([{ filename: "cv.txt", content: exeBytes() }])).message).toBe(
      "the .txt file is not plain text",
    );
  });

  it("refuses polyglots and look-alikes: a PDF signature after markup, a plain zip as .docx, a PDF as .txt", async () => {
    const polyglot = Buffer.from("<html><script>alert(1)</script>\n%PDF-1.4\n%%EOF\n");
    expect((await refused([{ filename: "cv.pdf", content: polyglot }])).message).toMatch(/\.pdf extension/);
    const plainZip = zipBytes({ "payload.exe": exeBytes() });
    expect((await refused([{ filename: "cv.docx", content: plainZip }])).message).toMatch(/\.docx extension/);
    expect((await refused([{ filename: "cv.doc", content: docxBytes() }])).message).toMatch(/\.doc extension/);
    expect((await refused([{ filename: "cv.txt", content: pdfBytes() }])).message).toMatch(/\.txt extension/);
  });

  it("refuses a .txt that is not UTF-8 text", async () => {
    expect((await refused([{ filename: "a.txt", content: Buffer.from("abc\0def") }])).message).toBe(
      "the .txt file is not plain text",
    );
    expect((await refused([{ filename: "a.txt", content: Buffer.from([0x61, 0xff, 0xfe, 0x62]) }])).message).toBe(
      "the .txt file is not plain text",
    );
    // Invalid bytes after the first chunk are found too, and what was stored is removed.
    const late = Buffer.concat([Buffer.alloc(300 * 1024, 0x61), Buffer.from([0xc3])]);
    expect((await refused([{ filename: "a.txt", content: late }])).message).toBe("the .txt file is not plain text");
  });

  it("refuses an empty file", async () => {
    const error = await refused([{ filename: "cv.pdf", content: "" }]);
    expect(error.message).toBe("the file is empty");
  });

  it("refuses a file of 10 MB + 1 byte, with nothing left on disk", async () => {
    const content = Buffer.concat([pdfBytes(), Buffer.alloc(10 * 1024 * 1024 + 1 - pdfBytes().length, 0x20)]);
    // Without a Content-Length, so the limit is enforced while the file streams in.
    const error = await rejection(
      parseContactForm(multipartRequest(FIELDS, [{ filename: "big.pdf", content }], { contentLength: false }), {
        storage,
      }),
    );
    expect(error.message).toBe("the file is larger than 10 MB");
    expect(error.status).toBe(413);
    expect(uploadErrorHeaders(error)).toEqual({ Connection: "close" });
    expect(stored()).toEqual([]);
  });

  it("refuses an announced oversize body before reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, "Content-Length": "50000000" },
      body,
      duplex: "half",
    } as RequestInit);
    const error = await rejection(parseContactForm(request, { storage }));
    expect(error.message).toBe("the file is larger than 10 MB");
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading a huge streamed body soon after the file passes the limit", async () => {
    const head = multipartBody(FIELDS, [{ filename: "huge.pdf", content: pdfBytes() }]);
    // Everything up to the end of the PDF's bytes, then an endless stream of padding.
    const prefix = head.subarray(0, head.indexOf("%%EOF") + 6);
    let sent = 0;
    let first = true;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = first ? prefix : Buffer.alloc(64 * 1024, 0x20);
        first = false;
        sent += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
        if (sent > 200 * 1024 * 1024) controller.close();
      },
    });
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body,
      duplex: "half",
    } as RequestInit);
    const error = await rejection(parseContactForm(request, { storage, maxFileBytes: 1024 * 1024 }));
    expect(error).toBeInstanceOf(UploadError);
    expect(error.message).toBe("the file is larger than 1 MB");
    expect(error.bodyUnread).toBe(true);
    expect(sent).toBeLessThan(4 * 1024 * 1024);
    expect(stored()).toEqual([]);
  });

  it("refuses a file in any other field, and a second file", async () => {
    expect((await refused([{ name: "cv", filename: "cv.pdf", content: pdfBytes() }])).message).toBe(
      "files are accepted only in the attachment field",
    );
    expect(
      (
        await refused([
          { filename: "a.pdf", content: pdfBytes() },
          { filename: "b.pdf", content: pdfBytes() },
        ])
      ).message,
    ).toBe("only one file can be attached");
  });

  it("limits the number and size of fields", async () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`f${index}`, "x"]));
    expect((await refused([], many)).message).toBe("the form has too many fields");
    expect((await refused([], { ...FIELDS, message: "x".repeat(70 * 1024) })).message).toBe("a form field is too long");
  });

  it("refuses a body that is not a form", async () => {
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    await expect(parseContactForm(request, { storage })).rejects.toBeInstanceOf(UploadError);
  });

  it("removes the stored file when what follows the upload fails", async () => {
    const { attachment } = await parseContactForm(
      multipartRequest(FIELDS, [{ filename: "a.pdf", content: pdfBytes() }]),
      {
        storage,
      },
    );
    expect(stored()).toEqual([attachment!.key]);
    await removeAttachment(storage, attachment!.key);
    expect(stored()).toEqual([]);
    await expect(removeAttachment(storage, attachment!.key)).resolves.toBeUndefined();
  });
});
