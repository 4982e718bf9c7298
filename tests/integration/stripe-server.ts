/**
 * A Stripe-compatible API server on loopback, for tests: it speaks the part of Stripe's HTTP
 * protocol the checkout uses (POST /v1/checkout/sessions with a form-encoded body, bearer key,
 * Idempotency-Key) and records every request, so a test can check exactly what the real `stripe`
 * SDK sent. The SDK is pointed at it with its host, port and protocol options (STRIPE_API_URL).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedStripeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form body as key → value, with Stripe's bracket notation kept (`line_items[0][quantity]`). */
  form: Record<string, string>;
}

export interface FakeStripe {
  url: string;
  requests: RecordedStripeRequest[];
  /** What the next session creations answer: a session, an API error, or a session without a url. */
  mode: "ok" | "error" | "no-url";
  close(): Promise<void>;
}

function amountTotal(form: Record<string, string>): number {
  let total = 0;
  for (let index = 0; `line_items[${index}][quantity]` in form; index += 1) {
    total +=
      Number(form[`line_items[${index}][price_data][unit_amount]`]) * Number(form[`line_items[${index}][quantity]`]);
  }
  return total;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessionsByIdempotencyKey = new Map<string, object>();
  let sessionCount = 0;
  const state: FakeStripe = {
    url: "",
    requests: [],
    mode: "ok",
    close: async () => {},
  };

  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const path = (request.url ?? "").split("?")[0]!;
      state.requests.push({ method: request.method ?? "", path, headers: request.headers, form });
      const reply = (status: number, payload: object) => {
        response.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${sessionCount}` });
        response.end(JSON.stringify(payload));
      };

      if (request.headers.authorization !== "Bearer sk_test_loopback") {
        return reply(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (request.method !== "POST" || path !== "/v1/checkout/sessions") {
        return reply(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` } });
      }
      if (state.mode === "error") {
        return reply(500, { error: { type: "api_error", message: "Something went wrong on Stripe's end." } });
      }
      const key = String(request.headers["idempotency-key"] ?? "");
      const earlier = key ? sessionsByIdempotencyKey.get(key) : undefined;
      if (earlier) return reply(200, earlier);

      sessionCount += 1;
      const id = `cs_test_${String(sessionCount).padStart(6, "0")}`;
      const session = {
        id,
        object: "checkout.session",
        mode: form.mode,
        currency: form["line_items[0][price_data][currency]"],
        amount_total: amountTotal(form),
        client_reference_id: form.client_reference_id ?? null,
        metadata: { order_id: form["metadata[order_id]"] },
        payment_status: "unpaid",
        status: "open",
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: state.mode === "no-url" ? null : `https://checkout.stripe.test/c/pay/${id}`,
      };
      if (key) sessionsByIdempotencyKey.set(key, session);
      reply(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
