/**
 * A Stripe-compatible API server on loopback, for tests: it speaks the part of Stripe's HTTP
 * protocol the checkout and the CMS's refunds use (POST /v1/checkout/sessions, GET
 * /v1/checkout/sessions/:id, POST /v1/refunds; form-encoded bodies, bearer key, Idempotency-Key)
 * and records every request, so a test can check exactly what the real `stripe` SDK sent. The SDK
 * is pointed at it with its host, port and protocol options (STRIPE_API_URL).
 *
 * Refunds behave as Stripe's do: each PaymentIntent (one per created session, or one a test adds
 * with `addPayment`) can give back at most what it took; more is refused with `amount_too_large`,
 * and a fully refunded one with `charge_already_refunded`; the same Idempotency-Key answers the
 * same refund again.
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
  /** Makes a PaymentIntent that took `amount` (minor units) in `currency` (lower case), as a paid Checkout does. */
  addPayment(id: string, amount: number, currency: string): void;
  /** What each PaymentIntent took and gave back so far, in minor units. */
  payments: Map<string, { amount: number; currency: string; refunded: number }>;
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
  const sessionsById = new Map<string, object>();
  const refundsByIdempotencyKey = new Map<string, object>();
  let sessionCount = 0;
  let refundCount = 0;
  const payments = new Map<string, { amount: number; currency: string; refunded: number }>();
  const state: FakeStripe = {
    url: "",
    requests: [],
    mode: "ok",
    payments,
    addPayment: (id, amount, currency) => payments.set(id, { amount, currency, refunded: 0 }),
    close: async () => {},
  };

  /** POST /v1/refunds: at most what the payment has left, as Stripe allows. */
  function createRefund(form: Record<string, string>, key: string): [number, object] {
    const earlier = key ? refundsByIdempotencyKey.get(key) : undefined;
    if (earlier) return [200, earlier];
    const paymentId = form.payment_intent ?? "";
    const payment = payments.get(paymentId);
    if (!payment) {
      return [
        404,
        {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            param: "payment_intent",
            message: `No such payment_intent: '${paymentId}'`,
          },
        },
      ];
    }
    const left = payment.amount - payment.refunded;
    if (left <= 0) {
      return [
        400,
        {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: `Charge ch_${paymentId} has already been refunded.`,
          },
        },
      ];
    }
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      return [
        400,
        {
          error: {
            type: "invalid_request_error",
            code: "amount_too_large",
            param: "amount",
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          },
        },
      ];
    }
    payment.refunded += amount;
    refundCount += 1;
    const refund = {
      id: `re_test_${String(refundCount).padStart(6, "0")}`,
      object: "refund",
      amount,
      currency: payment.currency,
      payment_intent: paymentId,
      charge: `ch_${paymentId}`,
      reason: form.reason ?? null,
      metadata: Object.fromEntries(
        Object.entries(form)
          .filter(([name]) => name.startsWith("metadata["))
          .map(([name, value]) => [name.slice("metadata[".length, -1), value]),
      ),
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
    };
    if (key) refundsByIdempotencyKey.set(key, refund);
    return [200, refund];
  }

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
      const key = String(request.headers["idempotency-key"] ?? "");
      if (request.method === "POST" && path === "/v1/refunds") return reply(...createRefund(form, key));
      const retrieved = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
      if (request.method === "GET" && retrieved) {
        const session = sessionsById.get(retrieved[1]!);
        return session
          ? reply(200, session)
          : reply(404, {
              error: { type: "invalid_request_error", code: "resource_missing", message: "No such session" },
            });
      }
      if (request.method !== "POST" || path !== "/v1/checkout/sessions") {
        return reply(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` } });
      }
      if (state.mode === "error") {
        return reply(500, { error: { type: "api_error", message: "Something went wrong on Stripe's end." } });
      }
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
        // The PaymentIntent that takes the money once the customer pays (refunds name it).
        payment_intent: `pi_for_${id}`,
      };
      state.addPayment(session.payment_intent, session.amount_total, String(session.currency ?? ""));
      sessionsById.set(id, session);
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
