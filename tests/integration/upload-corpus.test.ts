/**
 * The upload corpus (Security): hostile files sent to the only endpoint that takes files,
 * the contact form's job application (/contact), through its route action with a multipart
 * request as a browser or a script would send it. Every sample is either refused with the spec's
 * "Failed to upload attachment: <reason>" and nothing stored, or accepted and neutralised: stored
 * under a generated key inside DATA_DIR/uploads, its original name kept only as a cleaned display
 * name, and downloaded by an administrator only as an attachment with a header-safe file name.
 * Afterwards nothing may exist in DATA_DIR outside the upload area, nor any partial file anywhere.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contactSubmissions } from "../../app/db/schema";
import { CONTACT_MESSAGES } from "~/lib/contact/contact-form";
import { issueFormToken, MIN_FILL_TIME_MS } from "~/server/platform/http/form-token.server";
import { UPLOAD_MESSAGES } from "~/server/contact/attachment-files.server";
import { MAX_ATTACHMENT_BYTES } from "~/server/contact/uploads.server";
import { setUpCmsHarness } from "./cms-harness";
import { BOUNDARY, docxBytes, exeBytes, multipartBody, pdfBytes, zipBytes, type FilePart } from "./upload-fixtures";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const cms = setUpCmsHarness({
  name: "upload-corpus-data",
  sessionSecret: "upload-corpus-test-secret-that-is-long-enough",
});
let tempDir: string;
let originalTempDir: string | undefined;

beforeAll(async () => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-corpus-tmp-"));
  // The server's temporary directory is its own for this test, so anything left there is found.
  originalTempDir = process.env.TMPDIR;
  process.env.TMPDIR = tempDir;
});
afterAll(() => {
  if (originalTempDir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = originalTempDir;
  fs.rmSync(tempDir, { recursive: true, force: true });
});

const KEY_FORMAT = /^\d{13}-[0-9a-f]{32}\.(pdf|doc|docx|txt)$/;
const uploadsDir = () => path.join(cms.dataDir, "uploads");
const storedFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);

let sequence = 0;

/** A job application's text fields, with a subject that finds its row again. */
function applicationFields(label: string): Record<string, string> {
  sequence += 1;
  return {
    token: issueFormToken(Date.now() - MIN_FILL_TIME_MS - 1000),
    name: "Corpus Applicant",
    email: "applicant@example.com",
    subject: `Upload corpus ${sequence}: ${label}`.slice(0, 200),
    message: "Please find my CV attached.",
    job: "Cloud Engineer",
    consent: "yes",
  };
}

/** A multipart body whose file name is written byte for byte (no browser escaping of quotes or line breaks). */
function rawFilenameBody(fields: Record<string, string>, rawFilename: string, content: Buffer): Buffer {
  const head = multipartBody(fields).subarray(0, -`--${BOUNDARY}--\r\n`.length);
  return Buffer.concat([
    head,
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="`),
    Buffer.from(rawFilename, "utf8"),
    Buffer.from(`"\r\nContent-Type: application/pdf\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

function postBody(body: Buffer | ReadableStream<Uint8Array>, contentLength?: number): Request {
  const headers: Record<string, string> = { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` };
  if (contentLength !== undefined) headers["Content-Length"] = String(contentLength);
  return new Request("http://localhost/contact", {
    method: "POST",
    headers,
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
    duplex: "half",
  } as RequestInit);
}

interface ActionAnswer {
  status: number;
  ok: boolean;
  error?: string;
  headers: Headers;
}

let clientNumber = 0;

/** Sends the request through /contact's route action, as React Router calls it, from a fresh address. */
async function submit(request: Request): Promise<ActionAnswer> {
  const { action } = await import("~/routes/site/contact");
  clientNumber += 1;
  const args = {
    request,
    params: {},
    context: { clientAddress: `198.51.100.${clientNumber % 250}-${clientNumber}` },
  } as unknown as Parameters<typeof action>[0];
  const result = (await action(args)) as
    { ok: true } | { type: "DataWithResponseInit"; data: { ok: boolean; error?: string }; init: ResponseInit | null };
  if ("type" in result) {
    return {
      status: result.init?.status ?? 200,
      ok: result.data.ok,
      error: result.data.error,
      headers: new Headers(result.init?.headers),
    };
  }
  return { status: 200, ok: result.ok, headers: new Headers() };
}

async function rowBySubject(subject: string) {
  const [row] = await cms.db.select().from(contactSubmissions).where(eq(contactSubmissions.subject, subject));
  return row;
}

async function submissionCount(): Promise<number> {
  return (await cms.db.select({ id: contactSubmissions.id }).from(contactSubmissions)).length;
}

/** The administrator's download of a submission's attachment, through its route loader. */
async function download(id: string): Promise<Response> {
  const { loader } = await import("~/routes/cms/attachment");
  const url = `http://localhost/cms/submissions/${id}/attachment`;
  const args = {
    request: cms.request(url),
    params: { id },
    context: {},
  } as unknown as Parameters<typeof loader>[0];
  return (await loader(args)) as Response;
}

/* --------------------------------------------------------------------------------------------
 * The samples
 * ------------------------------------------------------------------------------------------ */

const HTML_PAGE = "<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>";
const SVG_IMAGE =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
const PHP_PAYLOAD = "<?php system($_GET['cmd']); ?><script>alert(1)</script>";

/** A JPEG's start (SOI and a JFIF APP0 segment) with a PHP and HTML payload in a comment segment. */
function jpegWithPayload(): Buffer {
  const comment = Buffer.from(PHP_PAYLOAD, "latin1");
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from("JFIF\0", "latin1"),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    segment,
    comment,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A GIFAR: a GIF image with a zip archive (a Java archive) appended. */
function gifar(): Buffer {
  const gif = Buffer.concat([
    Buffer.from("GIF89a", "latin1"),
    Buffer.from([
      0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
    ]),
  ]);
  return Buffer.concat([gif, zipBytes({ "META-INF/MANIFEST.MF": "Main-Class: Evil\n", "Evil.class": exeBytes() })]);
}

/** The start of a Linux executable (ELF, 64-bit, little-endian). */
function elfBytes(): Buffer {
  const bytes = Buffer.alloc(256);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]).copy(bytes, 0);
  bytes.writeUInt16LE(2, 16); // executable
  bytes.writeUInt16LE(0x3e, 18); // x86-64
  return bytes;
}

function pngBytes(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
}

/** A real PDF header and body with a web page and script inside it (a browser sniffing it would run it). */
function pdfWithHtml(): Buffer {
  return Buffer.from(
    `%PDF-1.4\n${HTML_PAGE}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    "latin1",
  );
}

/** A PDF with a zip archive appended: a valid PDF to a reader, a valid zip to an unzipper. */
function pdfZipPolyglot(): Buffer {
  return Buffer.concat([pdfBytes(), zipBytes({ "index.html": HTML_PAGE, "run.exe": exeBytes() })]);
}

/** What the refusal must say, after the spec's "Failed to upload attachment:". */
const reason = (text: string) => `${CONTACT_MESSAGES.uploadFailed} ${text}`;

interface RefusedSample {
  label: string;
  files: FilePart[];
  message: string;
  status: number;
  fields?: Record<string, string>;
}

const refusedSamples: RefusedSample[] = [
  // Wrong magic bytes for the extension, and polyglots whose first bytes are another type.
  {
    label: "JPEG with PHP as .pdf",
    files: [{ filename: "cv.pdf", content: jpegWithPayload() }],
    message: UPLOAD_MESSAGES.mismatch(".pdf"),
    status: 415,
  },
  {
    label: "JPEG with PHP as .txt",
    files: [{ filename: "cv.txt", content: jpegWithPayload() }],
    message: UPLOAD_MESSAGES.notText,
    status: 415,
  },
  {
    label: "JPEG with PHP as .php.jpg",
    files: [{ filename: "shell.php.jpg", content: jpegWithPayload() }],
    message: UPLOAD_MESSAGES.type,
    status: 415,
  },
  {
    label: "GIFAR as .docx",
    files: [{ filename: "cv.docx", content: gifar() }],
    message: UPLOAD_MESSAGES.mismatch(".docx"),
    status: 415,
  },
  {
    label: "GIFAR as .pdf",
    files: [{ filename: "cv.pdf", content: gifar() }],
    message: UPLOAD_MESSAGES.mismatch(".pdf"),
    status: 415,
  },
  {
    label: "PNG as .doc",
    files: [{ filename: "cv.doc", content: pngBytes() }],
    message: UPLOAD_MESSAGES.mismatch(".doc"),
    status: 415,
  },
  {
    label: "Word document as .pdf",
    files: [{ filename: "cv.pdf", content: docxBytes() }],
    message: UPLOAD_MESSAGES.mismatch(".pdf"),
    status: 415,
  },
  {
    label: "PDF as .docx",
    files: [{ filename: "cv.docx", content: pdfBytes() }],
    message: UPLOAD_MESSAGES.mismatch(".docx"),
    status: 415,
  },
  {
    label: "PDF signature after markup",
    files: [{ filename: "cv.pdf", content: `${HTML_PAGE}\n%PDF-1.4\n%%EOF\n` }],
    message: UPLOAD_MESSAGES.mismatch(".pdf"),
    status: 415,
  },
  // Web pages and SVG renamed as documents.
  {
    label: "HTML as .pdf",
    files: [{ filename: "cv.pdf", content: HTML_PAGE }],
    message: UPLOAD_MESSAGES.mismatch(".pdf"),
    status: 415,
  },
  {
    label: "HTML as .docx",
    files: [{ filename: "cv.docx", content: HTML_PAGE }],
    message: UPLOAD_MESSAGES.mismatch(".docx"),
    status: 415,
  },
  {
    label: "HTML as .doc",
    files: [{ filename: "cv.doc", content: HTML_PAGE }],
    message: UPLOAD_MESSAGES.mismatch(".doc"),
    status: 415,
  },
  {
    label: "HTML as .txt",
    files: [{ filename: "cv.txt", content: `\uFEFF  ${HTML_PAGE}` }],
    message: UPLOAD_MESSAGES.mismatch(".txt"),
    status: 415,
  },
  {
    label: "SVG as .pdf",
    files: [{ filename: "cv.pdf", content: SVG_IMAGE }],
    message: UPLOAD_MESSAGES.mismatch(".pdf"),
    status: 415,
  },
  {
    label: "SVG as .docx",
    files: [{ filename: "cv.docx", content: SVG_IMAGE }],
    message: UPLOAD_MESSAGES.mismatch(".docx"),
    status: 415,
  },
  {
    label: "SVG as .txt",
    files: [{ filename: "cv.txt", content: SVG_IMAGE }],
    message: UPLOAD_MESSAGES.mismatch(".txt"),
    status: 415,
  },
  {
    label: "bare SVG as .txt",
    files: [{ filename: "cv.txt", content: '<svg onload="alert(1)"/>' }],
    message: UPLOAD_MESSAGES.mismatch(".txt"),
    status: 415,
  },
  {
    label: "HTML file",
    files: [{ filename: "cv.html", content: HTML_PAGE }],
    message: UPLOAD_MESSAGES.type,
    status: 415,
  },
  {
    label: "SVG file",
    files: [{ filename: "cv.svg", content: SVG_IMAGE }],
    message: UPLOAD_MESSAGES.type,
    status: 415,
  },
  // Executables renamed.
  {
    label: "EXE as .pdf",
    files: [{ filename: "cv.pdf", content: exeBytes() }],
    message: UPLOAD_MESSAGES.mismatch(".pdf"),
    status: 415,
  },
  {
    label: "ELF as .pdf",
    files: [{ filename: "cv.pdf", content: elfBytes() }],
    message: UPLOAD_MESSAGES.mismatch(".pdf"),
    status: 415,
  },
  {
    label: "ELF as .txt",
    files: [{ filename: "cv.txt", content: elfBytes() }],
    message: UPLOAD_MESSAGES.notText,
    status: 415,
  },
  {
    label: "EXE as .pdf.exe",
    files: [{ filename: "cv.pdf.exe", content: exeBytes() }],
    message: UPLOAD_MESSAGES.type,
    status: 415,
  },
  // Names that leave no accepted extension once the folders are stripped.
  {
    label: "a name that is only folders",
    files: [{ filename: "../../", content: pdfBytes() }],
    message: UPLOAD_MESSAGES.type,
    status: 415,
  },
  {
    label: "a trailing-dot extension",
    files: [{ filename: "cv.pdf.", content: pdfBytes() }],
    message: UPLOAD_MESSAGES.type,
    status: 415,
  },
  // Empty, several files, the wrong field.
  {
    label: "empty",
    files: [{ filename: "cv.pdf", content: Buffer.alloc(0) }],
    message: UPLOAD_MESSAGES.empty,
    status: 400,
  },
  {
    label: "two files",
    files: [
      { filename: "cv.pdf", content: pdfBytes() },
      { filename: "letter.pdf", content: pdfBytes() },
    ],
    message: UPLOAD_MESSAGES.oneFile,
    status: 400,
  },
  {
    label: "a file in another field",
    files: [{ name: "cv", filename: "cv.pdf", content: pdfBytes() }],
    message: UPLOAD_MESSAGES.wrongField,
    status: 400,
  },
];

interface AcceptedSample {
  label: string;
  filename: string;
  content: Buffer | string;
  /** The display name the submission keeps. */
  originalName: string;
  /** The name written byte for byte into the part's header (no browser escaping). */
  raw?: boolean;
}

const PDF = pdfBytes();
const longName = `${"a".repeat(150)}${"é".repeat(100)}${"b".repeat(100)}.pdf`;

const acceptedSamples: AcceptedSample[] = [
  // Polyglots whose first bytes are a real PDF: kept, but only ever handed out as a download.
  { label: "PDF with HTML and script inside", filename: "cv.pdf", content: pdfWithHtml(), originalName: "cv.pdf" },
  { label: "PDF + ZIP polyglot", filename: "portfolio.pdf", content: pdfZipPolyglot(), originalName: "portfolio.pdf" },
  {
    label: "text with markup after the first line",
    filename: "letter.txt",
    content: `Dear team,\n${HTML_PAGE}\n`,
    originalName: "letter.txt",
  },
  // Path-like and hostile names: folders stripped, invisible characters removed.
  { label: "../../etc/passwd.pdf", filename: "../../etc/passwd.pdf", content: PDF, originalName: "passwd.pdf" },
  { label: "..\\..\\win.ini.pdf", filename: "..\\..\\win.ini.pdf", content: PDF, originalName: "win.ini.pdf" },
  { label: "/abs/path.pdf", filename: "/abs/path.pdf", content: PDF, originalName: "path.pdf" },
  {
    label: "percent-encoded traversal",
    filename: "%2e%2e%2f%2e%2e%2fetc%2fpasswd.pdf",
    content: PDF,
    originalName: "%2e%2e%2f%2e%2e%2fetc%2fpasswd.pdf",
  },
  {
    label: "right-to-left override",
    filename: "invoice\u202Efdp.exe.pdf",
    content: PDF,
    originalName: "invoicefdp.exe.pdf",
  },
  {
    label: "quotes, escaped as a browser does",
    filename: `my "best" 'cv'.pdf`,
    content: PDF,
    originalName: `my %22best%22 'cv'.pdf`,
  },
  { label: "a backslash-escaped quote", filename: 'a\\"b.pdf', content: PDF, originalName: 'a"b.pdf', raw: true },
  {
    label: "markup in the name",
    filename: "<img src=x onerror=alert(1)>.pdf",
    content: PDF,
    originalName: "<img src=x onerror=alert(1)>.pdf",
  },
  {
    label: "tab and unicode line separators",
    filename: "cv\t\u2028\u2029final.pdf",
    content: PDF,
    originalName: "cvfinal.pdf",
    raw: true,
  },
  {
    label: "a 300+ character name",
    filename: longName,
    content: PDF,
    originalName: `${"a".repeat(150)}${"é".repeat(100)}${"b".repeat(1)}.pdf`,
  },
  { label: "a Word document", filename: "cv.docx", content: docxBytes(), originalName: "cv.docx" },
];

/* --------------------------------------------------------------------------------------------
 * The tests
 * ------------------------------------------------------------------------------------------ */

describe("the upload corpus through /contact", () => {
  it.each(refusedSamples)("refuses $label with its reason and stores nothing", async (sample) => {
    const rowsBefore = await submissionCount();
    const filesBefore = storedFiles();
    const fields = sample.fields ?? applicationFields(sample.label);
    const body = multipartBody(fields, sample.files);
    const answer = await submit(postBody(body, body.length));
    expect(answer).toMatchObject({ ok: false, status: sample.status, error: reason(sample.message) });
    expect(await submissionCount()).toBe(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it("refuses a CV sent with a plain message (not an application) and stores nothing", async () => {
    const { job: _job, consent: _consent, ...fields } = applicationFields("plain message");
    const body = multipartBody(fields, [{ filename: "cv.pdf", content: PDF }]);
    const rowsBefore = await submissionCount();
    const answer = await submit(postBody(body, body.length));
    expect(answer).toMatchObject({
      ok: false,
      status: 400,
      error: reason("attachments are accepted with job applications only"),
    });
    expect(await submissionCount()).toBe(rowsBefore);
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a file one byte over 10 MB, streamed without a declared length", async () => {
    const content = Buffer.concat([PDF, Buffer.alloc(MAX_ATTACHMENT_BYTES + 1 - PDF.length, 0x20)]);
    const answer = await submit(
      postBody(multipartBody(applicationFields("one byte over"), [{ filename: "cv.pdf", content }])),
    );
    expect(answer).toMatchObject({
      ok: false,
      status: 413,
      error: reason(UPLOAD_MESSAGES.tooLarge(MAX_ATTACHMENT_BYTES)),
    });
    expect(answer.headers.get("Connection")).toBe("close");
    expect(storedFiles()).toEqual([]);
  });

  it("stops reading a far oversize streamed file soon after the limit", async () => {
    const head = multipartBody(applicationFields("far over"), [{ filename: "cv.pdf", content: PDF }]);
    const prefix = head.subarray(0, head.indexOf("%%EOF") + 6);
    let sent = 0;
    let first = true;
    // An endless file: stops only when the server stops pulling (or after 1 GB, as a backstop).
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = first ? prefix : Buffer.alloc(256 * 1024, 0x20);
        first = false;
        sent += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
        if (sent > 1024 * 1024 * 1024) controller.close();
      },
    });
    const answer = await submit(postBody(body));
    expect(answer).toMatchObject({
      ok: false,
      status: 413,
      error: reason(UPLOAD_MESSAGES.tooLarge(MAX_ATTACHMENT_BYTES)),
    });
    expect(answer.headers.get("Connection")).toBe("close");
    // The limit plus what was already in flight, far from the gigabyte offered.
    expect(sent).toBeLessThan(MAX_ATTACHMENT_BYTES + 8 * 1024 * 1024);
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a far oversize body by its declared length before reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const answer = await submit(postBody(body, 2 * 1024 * 1024 * 1024));
    expect(answer).toMatchObject({
      ok: false,
      status: 413,
      error: reason(UPLOAD_MESSAGES.tooLarge(MAX_ATTACHMENT_BYTES)),
    });
    expect(pulled).toBeLessThanOrEqual(1);
    expect(storedFiles()).toEqual([]);
  });

  it.each([
    { label: "a NUL byte", filename: "cv\u0000.exe.pdf" },
    { label: "a raw line break and a forged header", filename: "cv\r\nContent-Type: text/html\r\n.pdf" },
  ])("refuses a file name written with $label as unreadable form data", async ({ label, filename }) => {
    const rowsBefore = await submissionCount();
    const body = rawFilenameBody(applicationFields(label), filename, PDF);
    const answer = await submit(postBody(body, body.length));
    expect(answer).toMatchObject({ ok: false, status: 400, error: reason(UPLOAD_MESSAGES.malformed) });
    expect(await submissionCount()).toBe(rowsBefore);
    expect(storedFiles()).toEqual([]);
  });

  it.each(acceptedSamples)("accepts $label only as a neutralised download", async (sample) => {
    const fields = applicationFields(sample.label);
    const content = Buffer.isBuffer(sample.content) ? sample.content : Buffer.from(sample.content, "utf8");
    const body = sample.raw
      ? rawFilenameBody(fields, sample.filename, content)
      : multipartBody(fields, [{ filename: sample.filename, content }]);
    const answer = await submit(postBody(body, body.length));
    expect(answer).toMatchObject({ ok: true, status: 200 });

    const row = await rowBySubject(fields.subject!);
    expect(row, "the submission was stored").toBeDefined();
    // Stored under a generated key, inside the upload area; the visitor's name is display metadata.
    expect(row!.attachmentUrl).toMatch(KEY_FORMAT);
    expect(storedFiles()).toContain(row!.attachmentUrl);
    expect(fs.readFileSync(path.join(uploadsDir(), row!.attachmentUrl!)).equals(content)).toBe(true);
    expect(row!.attachmentFilename).toBe(sample.originalName);
    expect(Array.from(row!.attachmentFilename!).length).toBeLessThanOrEqual(255);
    expect(row!.attachmentFilename).not.toMatch(/[/\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);

    // Handed out only as a download, never as a type a browser would render.
    const response = await download(row!.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const disposition = response.headers.get("Content-Disposition") ?? "";
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
    const asciiName = /filename="([^"]*)"/.exec(disposition)![1]!;
    expect(asciiName).not.toMatch(/["\\%/]/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!;
    expect(decodeURIComponent(encoded)).toBe(sample.originalName);
    expect(Buffer.from(await response.arrayBuffer()).equals(content)).toBe(true);
  });

  it("leaves nothing outside the upload area and no partial or temporary file anywhere", async () => {
    const everything: string[] = [];
    const walk = (directory: string) => {
      for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
        const full = path.join(directory, entry.name);
        if (entry.isDirectory()) walk(full);
        else everything.push(full);
      }
    };
    walk(cms.dataDir);
    expect(everything.length, "the accepted samples are stored").toBe(acceptedSamples.length);
    for (const file of everything) {
      expect(path.dirname(file), `${file} is outside the upload area`).toBe(uploadsDir());
      expect(path.basename(file), `${file} is not a generated key`).toMatch(KEY_FORMAT);
    }
    // Every stored file belongs to a submission, and every submission's file is there.
    const rows = await cms.db.select({ key: contactSubmissions.attachmentUrl }).from(contactSubmissions);
    expect(rows.map((row) => row.key).sort()).toEqual(storedFiles());
    const temporary: string[] = [];
    const walkTemp = (directory: string) => {
      for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
        const full = path.join(directory, entry.name);
        if (entry.isDirectory()) walkTemp(full);
        else temporary.push(full);
      }
    };
    walkTemp(tempDir);
    expect(temporary, "files left in the server's temporary directory").toEqual([]);
  });
});
