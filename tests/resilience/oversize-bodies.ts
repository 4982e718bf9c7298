/**
 * Check 5: 50 MB bodies to every address that reads one, chunked and with a
 * Content-Length that understates them, are refused at the address's cap (413) without being
 * buffered: the server's resident memory, at its peak, rises by less than 32 MB over the whole run. The CMS's
 * addresses are sent as a signed-in administrator, so the guard in front of them (which refuses an
 * anonymous visitor before reading anything) is not what answers.
 */
import fs from "node:fs";
import { bodyLimitFor } from "../../app/server/platform/http/body-limits.server";
import { rawRequest, type RawAnswer } from "../support/raw-http";
import { logTail, startApp, stopApp, temporaryDirectory } from "./processes";
import type { CheckRecorder } from "./report";
import { basketOf, checkout, newVisitorAddress, testOrderId } from "./site-client";

const BODY_BYTES = 50 * 1024 * 1024;
const MEMORY_BUDGET_BYTES = 32 * 1024 * 1024;

/**
 * Every address of app/routes.ts that might take a body; each is asked with OPTIONS, and only
 * those whose `Allow` names POST are sent the bodies.
 */
function candidateAddresses(orderId: string): string[] {
  return [
    "/cms",
    "/cms/logout",
    "/cms/account",
    "/cms/users",
    "/cms/content",
    "/cms/content/00000000-0000-4000-8000-000000000000",
    "/cms/careers",
    "/cms/submissions",
    "/cms/blocks",
    "/cms/settings",
    "/cms/outbox",
    "/cms/courses",
    "/cms/orders",
    "/cms/assistant",
    "/contact",
    "/downloads/aws-guide",
    `/checkout/test/${orderId}`,
    "/api/chat",
    "/api/checkout",
    "/api/cookie-consent",
    "/api/webhooks/stripe",
  ];
}

/** A figure of /proc/<pid>/status in bytes: VmRSS (resident now) or VmHWM (the peak of resident). */
function statusBytes(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1] ?? Number.NaN) * 1024;
}

/**
 * Starts measuring the peak afresh (Linux resets VmHWM to the current resident size on "5"), so
 * that a body held for a moment and then freed still counts: resident memory measured after the
 * run would miss it.
 */
function resetPeak(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/** Signs in as the first administrator, set up with the one-time code from the server's log. */
async function administratorCookie(origin: string, logs: () => string): Promise<string> {
  const code = /one-time setup code: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(logs())?.[1];
  if (!code) throw new Error("the server logged no setup code");
  const page = await fetch(`${origin}/cms`);
  const html = await page.text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  const csrfCookie = page.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
  if (!csrf) throw new Error("the sign-in page carries no anti-forgery token");
  const answer = await fetch(`${origin}/cms`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: csrfCookie },
    body: new URLSearchParams({
      intent: "setup",
      code,
      email: "resilience-admin@example.com",
      password: `Resilience-${crypto.randomUUID()}`,
      csrf,
    }),
  });
  const session = answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => /session=/.test(cookie) && !/=$/.test(cookie));
  if (!session) throw new Error(`setting up the administrator answered ${answer.status}, with no session`);
  return `${session}; ${csrfCookie}`;
}

interface Sent {
  address: string;
  how: string;
  answer: RawAnswer;
}

export async function oversizeBodiesKeepMemoryFlat(check: CheckRecorder): Promise<void> {
  const server = await startApp({ DATA_DIR: temporaryDirectory("resilience-bodies") });
  try {
    const pid = server.child.pid!;
    const cookie = await administratorCookie(server.url, server.logs);
    const order = await checkout(server.url, newVisitorAddress(), basketOf(0));
    const orderId = testOrderId(order.json.url);
    if (!orderId) throw new Error(`the checkout gave no test payment page (${order.status} ${order.body})`);

    const addresses: string[] = [];
    for (const address of candidateAddresses(orderId)) {
      const options = await rawRequest(server.url, { method: "OPTIONS", path: address });
      if (String(options.headers.allow ?? "").includes("POST")) addresses.push(address);
    }
    check.figure("addresses that read a body", addresses.length);

    // A small body to each first, so what loads once (modules, caches) is not counted as growth.
    for (const address of addresses) {
      await rawRequest(server.url, {
        method: "POST",
        path: address,
        headers: headersFor(address, cookie),
        body: "a=b",
      });
    }
    resetPeak(pid);
    const before = statusBytes(pid, "VmRSS");

    const sent: Sent[] = [];
    for (const address of addresses) {
      const headers = headersFor(address, cookie);
      sent.push({
        address,
        how: "chunked",
        answer: await rawRequest(server.url, { method: "POST", path: address, headers, stream: { bytes: BODY_BYTES } }),
      });
      // Twice the cap: a length the server can refuse unread, while 50 MB follow it.
      const understated = String(2 * bodyLimitFor(address));
      sent.push({
        address,
        how: `Content-Length ${understated}`,
        answer: await rawRequest(server.url, {
          method: "POST",
          path: address,
          headers: { ...headers, "Content-Length": understated },
          stream: { bytes: BODY_BYTES },
        }),
      });
    }
    const peak = statusBytes(pid, "VmHWM");

    const growth = peak - before;
    check.figure("requests", sent.length);
    check.figure("resident memory before / at its peak", `${mb(before)} / ${mb(peak)} (+${mb(growth)})`);
    check.figure("bytes the client got to send, at most", mb(Math.max(...sent.map((item) => item.answer.sent))));
    check.expect(
      growth < MEMORY_BUDGET_BYTES,
      `resident memory rose by ${mb(growth)}, over the ${mb(MEMORY_BUDGET_BYTES)} budget`,
    );
    for (const { address, how, answer } of sent) {
      check.expect(
        answer.status === 413,
        `${address} (${how}) answered ${answer.status || "nothing"} rather than 413: ${answer.body.slice(0, 120)}`,
      );
      check.expect(answer.headers.connection === "close", `${address} (${how}) kept the connection open after its 413`);
    }
    check.expect(server.child.exitCode === null, `the server exited:\n${logTail(server)}`);
  } finally {
    await stopApp(server);
  }
}

function headersFor(address: string, cookie: string): Record<string, string> {
  const type = address.startsWith("/api/")
    ? "application/json"
    : address === "/contact"
      ? "multipart/form-data; boundary=resilience"
      : "application/x-www-form-urlencoded";
  return {
    "Content-Type": type,
    "X-Forwarded-For": newVisitorAddress(),
    ...(address.startsWith("/cms") ? { Cookie: cookie } : {}),
  };
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
