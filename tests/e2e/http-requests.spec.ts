/**
 * Requests by the book (RFC 9110), against the real production process with its log
 * captured: methods an address does not take, bodies over its cap or malformed, and text the
 * database cannot take. A client's mistake gets a 4xx with a plain message, and never an
 * error-level log line.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { errorLogLines, rawRequest, type RawAnswer, type RawRequest } from "../support/raw-http.js";
import { startServerProcess, type ServerProcess } from "../support/server-process.js";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-http-"));
  server = await startServerProcess({ DATA_DIR: dataDir, TRUST_PROXY: "1" });
});

test.afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let visitor = 0;
/** Each request from its own address, so no per-address limit answers before the rule under test. */
function send(request: RawRequest): Promise<RawAnswer> {
  visitor += 1;
  const headers = { "X-Forwarded-For": `203.0.113.${visitor % 250}`, ...request.headers };
  return rawRequest(server.url, { ...request, headers });
}

/** Waits until the server logged the end of every request sent so far, then returns its error lines. */
async function errorLinesAfter(answers: RawAnswer[]): Promise<Record<string, unknown>[]> {
  const ids = answers.map((answer) => String(answer.headers["x-request-id"]));
  await expect.poll(() => ids.filter((id) => !server.logs().includes(id))).toEqual([]);
  return errorLogLines(server.logs());
}

test("TRACE gets 405 with Allow and OPTIONS 204 with Allow, and neither logs at error level", async () => {
  const trace = await send({ method: "TRACE", path: "/" });
  expect(trace.status).toBe(405);
  expect(trace.headers.allow).toBe("GET, HEAD, OPTIONS");
  expect(trace.body).toBe("Method not allowed. This address answers GET, HEAD, OPTIONS.");

  const options = await send({ method: "OPTIONS", path: "/cms" });
  expect(options.status).toBe(204);
  expect(options.headers.allow).toBe("GET, HEAD, POST, OPTIONS");

  expect(await errorLinesAfter([trace, options])).toEqual([]);
});

test("a wrong method on a resource route or an API gets a plain 405 with Allow", async () => {
  const cases = [
    { method: "POST", path: "/robots.txt", allow: "GET, HEAD, OPTIONS" },
    { method: "POST", path: "/sitemap.xml", allow: "GET, HEAD, OPTIONS" },
    { method: "DELETE", path: "/icons.svg", allow: "GET, HEAD, OPTIONS" },
    { method: "GET", path: "/api/chat", allow: "POST, OPTIONS" },
    { method: "PUT", path: "/api/checkout", allow: "POST, OPTIONS" },
    { method: "GET", path: "/api/webhooks/stripe", allow: "POST, OPTIONS" },
  ];
  const answers: RawAnswer[] = [];
  for (const { method, path: address, allow } of cases) {
    const answer = await send({ method, path: address, body: method === "GET" ? undefined : "x" });
    answers.push(answer);
    expect(answer.status, `${method} ${address}`).toBe(405);
    expect(answer.headers.allow, `${method} ${address}`).toBe(allow);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
    expect(answer.body).not.toContain("Unexpected Server Error");
  }
  expect(await errorLinesAfter(answers)).toEqual([]);
});

test("malformed JSON and multipart bodies get 400 with a plain message, and no error-level log line", async () => {
  const json = { "Content-Type": "application/json" };
  const answers: RawAnswer[] = [];
  for (const address of ["/api/chat", "/api/checkout", "/api/cookie-consent"]) {
    const answer = await send({ method: "POST", path: address, headers: json, body: '{"message": "unfinished' });
    answers.push(answer);
    expect(answer.status, address).toBe(400);
    expect(answer.body, address).toContain("The request body must be JSON.");
  }
  const brokenMultipart = { "Content-Type": "multipart/form-data; boundary=XYZ" };
  const signIn = await send({ method: "POST", path: "/cms", headers: brokenMultipart, body: "--XYZ\r\nbroken" });
  expect(signIn.status).toBe(400);
  expect(signIn.body).toBe("The form could not be read. Please reload the page and try again.");
  const contact = await send({ method: "POST", path: "/contact", headers: brokenMultipart, body: "--XYZ\r\nbroken" });
  expect(contact.status).toBe(400);
  expect(await errorLinesAfter([...answers, signIn, contact])).toEqual([]);
});

test("a NUL character or invalid UTF-8 in a field, a JSON string or an address gets 400, not 500", async () => {
  const nul = "The request contains a NUL character (U+0000), which cannot be stored. Please remove it and try again.";
  const notUtf8 = "The request contains text that is not valid UTF-8. Please check what you typed and try again.";
  const form = { "Content-Type": "application/x-www-form-urlencoded" };

  const chat = await send({
    method: "POST",
    path: "/api/chat",
    headers: { "Content-Type": "application/json" },
    body: '{"message":"Hello\\u0000","conversationHistory":[]}',
  });
  expect(chat.status).toBe(400);
  expect(chat.body).toContain(nul);

  const download = await send({
    method: "POST",
    path: "/downloads/aws-guide",
    headers: form,
    body: "name=Jane%00&email=j%40e.example",
  });
  expect(download.status).toBe(400);
  expect(download.body).toContain(nul);

  const signIn = await send({ method: "POST", path: "/cms", headers: form, body: "intent=login&email=%FF%FE" });
  expect(signIn.status).toBe(400);
  expect(signIn.body).toBe(notUtf8);

  const contact = await send({
    method: "POST",
    path: "/contact",
    headers: { "Content-Type": "multipart/form-data; boundary=XYZ" },
    body: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nJane\u0000\r\n--XYZ--\r\n',
  });
  expect(contact.status).toBe(400);
  expect(contact.body).toContain(nul);

  const answers = [chat, download, signIn, contact];
  for (const address of ["/content/a%00b", "/careers?search=%FF", "/checkout/success?order=%00"]) {
    const answer = await send({ method: "GET", path: address });
    answers.push(answer);
    expect(answer.status, address).toBe(400);
    expect(answer.body).toContain("cannot be read");
  }
  expect(await errorLinesAfter(answers)).toEqual([]);
});

test("a 50 MB body, chunked or announced, gets 413 with a plain message and the connection closes", async () => {
  const fiftyMegabytes = 50 * 1024 * 1024;
  const form = { "Content-Type": "application/x-www-form-urlencoded" };

  const chunked = await send({ method: "POST", path: "/cms", headers: form, stream: { bytes: fiftyMegabytes } });
  expect(chunked.status).toBe(413);
  expect(chunked.headers.connection).toBe("close");
  expect(chunked.body).toBe(
    "The request is too large: this address accepts at most 16 KB. Please shorten it and try again.",
  );
  expect(chunked.sent).toBeLessThan(fiftyMegabytes);

  const logout = await send({ method: "POST", path: "/cms/logout", headers: form, stream: { bytes: fiftyMegabytes } });
  expect(logout.status).toBe(413);
  expect(logout.headers["content-type"]).toMatch(/^text\/plain/);

  const announced = await send({
    method: "POST",
    path: "/api/chat",
    headers: { "Content-Type": "application/json", "Content-Length": String(fiftyMegabytes) },
    stream: { bytes: fiftyMegabytes },
  });
  expect(announced.status).toBe(413);
  expect(announced.body).toContain("at most 128 KB");
  expect(announced.sent).toBeLessThan(fiftyMegabytes);

  expect(await errorLinesAfter([chunked, logout, announced])).toEqual([]);
});
