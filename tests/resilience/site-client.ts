/**
 * A visitor as the server sees one, over plain HTTP: the contact form posted the way a browser
 * posts it without JavaScript (the page's signed form token, an empty honeypot, multipart with an
 * optional CV, same-origin headers), the basket's checkout request, the test-mode payment form and
 * the assistant's streamed chat. Each visitor has its own address (X-Forwarded-For, honoured with
 * TRUST_PROXY=1), so the per-address limits treat them as the different people they stand for.
 */
import { BUILT_IN_COURSES } from "../../app/content/training-courses";
import { CHAT_MESSAGES } from "../../app/lib/chat/chat";
import { applicationSubject, CONTACT_MESSAGES } from "../../app/lib/contact/contact-form";
import { MIN_FILL_TIME_MS } from "../../app/server/platform/http/form-token.server";
import { pdfBytes } from "../integration/upload-fixtures";

export { CHAT_MESSAGES, CONTACT_MESSAGES };

let visitors = 0;

/** A new visitor's address, from the benchmarking range 198.18.0.0/15, so no two share a limit. */
export function newVisitorAddress(): string {
  const n = visitors++;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

function browserHeaders(origin: string, address: string, extra: Record<string, string> = {}): Record<string, string> {
  return { Origin: origin, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": address, ...extra };
}

/** The text a browser would show, with React's escapes undone. */
function pageText(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/** Signs of internals that must never reach a visitor: stack frames, error class names, SQL. */
const INTERNALS =
  /\bat [\w.<>]+ \(|node_modules|\.(?:js|ts):\d+:\d+|\b(?:TypeError|ReferenceError|DrizzleError)\b|ECONNREFUSED|relation "|"stack"/;

export function showsInternals(body: string): boolean {
  return INTERNALS.test(body);
}

/** The form token /contact hands out, and when it may be used (a person takes some seconds). */
export interface FormToken {
  token: string;
  usableAt: number;
}

/**
 * A form token from /contact. Every server of a run signs with the same secret, so one token,
 * fetched once, serves every check: by the time a check uses it, it is as old as a person's.
 */
let sharedToken: Promise<FormToken> | undefined;

export function openContactForm(origin: string, address: string): Promise<FormToken> {
  sharedToken ??= fetchFormToken(origin, address).catch((error: unknown) => {
    sharedToken = undefined;
    throw error;
  });
  return sharedToken;
}

async function fetchFormToken(origin: string, address: string): Promise<FormToken> {
  const response = await fetch(`${origin}/contact`, { headers: { "X-Forwarded-For": address } });
  const html = await response.text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  if (!response.ok || !token) throw new Error(`GET /contact answered ${response.status} without a form token`);
  return { token, usableAt: Number(token.split(".")[0]) + MIN_FILL_TIME_MS + 250 };
}

/** Waits until the token is old enough that the form does not look filled in by a script. */
export async function waitUntilUsable(token: FormToken): Promise<void> {
  const wait = token.usableAt - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

export interface ContactMessage {
  /** Unique to this submission; it is the subject's end and the message, to find its row. */
  marker: string;
  /** A job application with a PDF CV attached (the attachment field exists on applications only). */
  withCv?: boolean;
}

export interface Answer {
  status: number;
  body: string;
  /** The request's start and end, performance.now() milliseconds. */
  startedAt: number;
  endedAt: number;
}

export const APPLICATION_JOB = "Senior Cloud Engineer (AWS)";

/** The subject a submission is stored with, which carries its marker. */
export function contactSubject(message: ContactMessage): string {
  return message.withCv ? `${applicationSubject(APPLICATION_JOB)} ${message.marker}` : `Enquiry ${message.marker}`;
}

/** Posts the contact form (or the application form, with a CV) as a browser without JavaScript. */
export async function sendContactForm(
  origin: string,
  address: string,
  token: FormToken,
  message: ContactMessage,
): Promise<Answer> {
  const form = new FormData();
  form.set("token", token.token);
  if (message.withCv) form.set("job", APPLICATION_JOB);
  form.set("website", "");
  form.set("name", "Resilience Visitor");
  form.set("email", `visitor+${message.marker.toLowerCase()}@example.com`);
  form.set("phone", "");
  form.set("subject", contactSubject(message));
  form.set("message", `Checking the site stores this once: ${message.marker}`);
  if (message.withCv) {
    form.set(
      "attachment",
      new File([new Uint8Array(pdfBytes())], `cv-${message.marker}.pdf`, { type: "application/pdf" }),
    );
    form.set("consent", "yes");
  }
  const page = message.withCv ? `/contact?job=${encodeURIComponent(APPLICATION_JOB)}` : "/contact";
  const startedAt = performance.now();
  const response = await fetch(origin + page, { method: "POST", headers: browserHeaders(origin, address), body: form });
  const body = await response.text();
  return { status: response.status, body, startedAt, endedAt: performance.now() };
}

/** Whether the page the visitor got back says the message was received. */
export function contactAcknowledged(answer: Answer): boolean {
  return answer.status === 200 && pageText(answer.body).includes(CONTACT_MESSAGES.success);
}

/**
 * Whether a failure reads as one a visitor can act on: a page or message that asks them to try
 * again (every error page and form message of the site does), with no internals.
 */
export function failureIsPlain(body: string): boolean {
  return /try again/i.test(pageText(body)) && !showsInternals(body);
}

/** A basket of one built-in course (the demo content's courses carry their ids) in pounds. */
export function basketOf(courseIndex: number) {
  const course = BUILT_IN_COURSES[courseIndex % BUILT_IN_COURSES.length]!;
  return { courseIds: [course.id], currency: "GBP", expectedTotal: course.price };
}

export interface CheckoutAnswer extends Answer {
  json: { url?: string; error?: string };
}

/** "Checkout as Guest" as the basket page sends it. */
export async function checkout(
  origin: string,
  address: string,
  basket: ReturnType<typeof basketOf>,
): Promise<CheckoutAnswer> {
  const startedAt = performance.now();
  const response = await fetch(`${origin}/api/checkout`, {
    method: "POST",
    headers: browserHeaders(origin, address, { "Content-Type": "application/json", Accept: "application/json" }),
    body: JSON.stringify(basket),
  });
  const body = await response.text();
  let json: CheckoutAnswer["json"] = {};
  try {
    json = JSON.parse(body) as CheckoutAnswer["json"];
  } catch {
    // not JSON: the caller sees the status and body
  }
  return { status: response.status, body, json, startedAt, endedAt: performance.now() };
}

/** The order id of a test-mode payment page address (/checkout/test/<id>). */
export function testOrderId(url: string | undefined): string | undefined {
  return /^\/checkout\/test\/([0-9a-f-]{36})$/.exec(url ?? "")?.[1];
}

/** Pays on the test-mode page with the test card; acknowledged by the redirect to the success page. */
export async function payTestOrder(origin: string, address: string, orderId: string): Promise<Answer> {
  const form = new URLSearchParams({
    intent: "pay",
    email: `buyer+${orderId.slice(0, 8)}@example.com`,
    cardNumber: "4242 4242 4242 4242",
    expiry: "12 / 39",
    cvc: "123",
  });
  const startedAt = performance.now();
  const response = await fetch(`${origin}/checkout/test/${orderId}`, {
    method: "POST",
    headers: browserHeaders(origin, address, { "Content-Type": "application/x-www-form-urlencoded" }),
    body: form,
    redirect: "manual",
  });
  const location = response.headers.get("location") ?? "";
  await response.arrayBuffer();
  return { status: response.status, body: location, startedAt, endedAt: performance.now() };
}

export function paymentAcknowledged(answer: Answer, orderId: string): boolean {
  return answer.status === 302 && answer.body.endsWith(`/checkout/success?order=${orderId}`);
}

export interface ChatAnswer extends Answer {
  /** The stream's final event: `done` with the reply, or `error` with the message shown. */
  outcome: { type: "done"; response: string } | { type: "error"; error: string } | { type: "none" };
}

/** One question to the site assistant, read as the chat panel reads it (server-sent events). */
export async function askAssistant(origin: string, address: string, question: string): Promise<ChatAnswer> {
  const startedAt = performance.now();
  const response = await fetch(`${origin}/api/chat`, {
    method: "POST",
    headers: browserHeaders(origin, address, { "Content-Type": "application/json", Accept: "text/event-stream" }),
    body: JSON.stringify({ message: question, conversationHistory: [] }),
  });
  const body = await response.text();
  const endedAt = performance.now();
  let outcome: ChatAnswer["outcome"] = { type: "none" };
  for (const match of body.matchAll(/^event: (done|error)\ndata: (.*)$/gm)) {
    const data = JSON.parse(match[2]!) as { response?: string; error?: string };
    outcome =
      match[1] === "done"
        ? { type: "done", response: data.response ?? "" }
        : { type: "error", error: data.error ?? "" };
  }
  if (outcome.type === "none" && response.headers.get("content-type")?.includes("json")) {
    const data = JSON.parse(body) as { success?: boolean; error?: string };
    if (data.success === false) outcome = { type: "error", error: data.error ?? "" };
  }
  return { status: response.status, body, startedAt, endedAt, outcome };
}
