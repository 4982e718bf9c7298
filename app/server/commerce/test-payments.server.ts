/**
 * The built-in test-mode payment page's logic, used when Stripe is not configured, so a
 * whole purchase works on a fresh machine. No money moves: the card number 4242 4242 4242 4242
 * succeeds and every other number is declined, as with Stripe's test cards. It drives the order
 * through `applyPaymentEvent`, exactly as Stripe's webhook does, so orders, events and the
 * confirmation e-mail behave the same with either provider.
 */
import { randomUUID } from "node:crypto";
import { z } from "../../lib/schemas/zod";
import { TEST_PAYMENT_MESSAGES } from "../../lib/commerce/test-payment";
import type { Database } from "../platform/db/db.server";
import { getEnv, type Env } from "../platform/env.server";
import { applyPaymentEvent, findOrder, type Order } from "./orders.server";

export const TEST_CARD_NUMBER = "4242424242424242";

/**
 * Whether checkout takes no money: without STRIPE_SECRET_KEY every order is paid on the built-in
 * test page. Fine for a demo, a costly surprise on a live site, so start-up warns about it and the
 * CMS Orders tab says it on a banner.
 */
export function paymentsInTestMode(env: Pick<Env, "STRIPE_SECRET_KEY"> = getEnv()): boolean {
  return !env.STRIPE_SECRET_KEY;
}

export const TEST_MODE_PAYMENTS_WARNING =
  "Payments are in test mode: STRIPE_SECRET_KEY is not set, so checkout uses the built-in test page and takes no money. " +
  "Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments.";

/** Whether the test-mode page may take this order: only while Stripe is off, and only its own orders. */
export function isTestModeOrder(order: Pick<Order, "provider"> | undefined): order is Order {
  return Boolean(order && order.provider === "test" && !getEnv().STRIPE_SECRET_KEY);
}

const digitsOnly = (value: string) => value.replace(/[\s-]/g, "");

/** "MM / YY", "MM/YY" or "MM/YYYY", in the future (the card is valid to the end of that month). */
function isFutureExpiry(value: string, now: Date): boolean {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  return new Date(Date.UTC(year, month, 1)) > now;
}

export function testPaymentSchema(now = new Date()) {
  return z.object({
    email: z
      .string("Email is required")
      .trim()
      .min(1, "Email is required")
      .max(254, "Email must be at most 254 characters")
      .pipe(z.email("Please enter a valid email address")),
    cardNumber: z
      .string("Card number is required")
      .transform(digitsOnly)
      .pipe(
        z
          .string()
          .min(1, "Card number is required")
          .regex(/^\d{12,19}$/, "Enter a card number of 12 to 19 digits"),
      ),
    expiry: z
      .string("Expiry date is required")
      .trim()
      .min(1, "Expiry date is required")
      .refine((value) => isFutureExpiry(value, now), "Enter a future expiry date as MM / YY"),
    cvc: z
      .string("Security code is required")
      .trim()
      .regex(/^\d{3,4}$/, "Enter the 3 or 4 digit security code"),
  });
}

export type TestPaymentResult =
  | { kind: "paid"; order: Order }
  | { kind: "declined"; message: string }
  | { kind: "ended"; message: string }
  | { kind: "invalid"; errors: Record<string, string> };

/** Takes a (fake) card payment for a pending test-mode order. */
export async function payWithTestCard(
  db: Database,
  orderId: string,
  fields: Record<string, unknown>,
): Promise<TestPaymentResult> {
  const parsed = testPaymentSchema().safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form");
      errors[key] ??= issue.message;
    }
    return { kind: "invalid", errors };
  }
  const order = await findOrder(db, orderId);
  if (!isTestModeOrder(order) || order.status !== "pending") {
    return { kind: "ended", message: TEST_PAYMENT_MESSAGES.ended };
  }
  const { email, cardNumber } = parsed.data;
  const lastFour = cardNumber.slice(-4);
  if (cardNumber !== TEST_CARD_NUMBER) {
    await applyPaymentEvent(db, {
      orderId,
      provider: "test",
      eventId: `test_${randomUUID()}`,
      type: "test.card_declined",
      detail: `Card ending ${lastFour} declined`,
    });
    return { kind: "declined", message: TEST_PAYMENT_MESSAGES.declined };
  }
  const result = await applyPaymentEvent(db, {
    orderId,
    provider: "test",
    eventId: `test_${randomUUID()}`,
    type: "test.payment_succeeded",
    outcome: "paid",
    customerEmail: email,
    detail: `Card ending ${lastFour}`,
  });
  if (result.kind !== "applied" || result.order.status !== "paid") {
    return { kind: "ended", message: TEST_PAYMENT_MESSAGES.ended };
  }
  return { kind: "paid", order: result.order };
}

/** The visitor gave up on the test payment page: the order expires, as a Stripe session would. */
export async function cancelTestCheckout(db: Database, orderId: string): Promise<void> {
  const order = await findOrder(db, orderId);
  if (!isTestModeOrder(order) || order.status !== "pending") return;
  await applyPaymentEvent(db, {
    orderId,
    provider: "test",
    eventId: `test_${randomUUID()}`,
    type: "test.checkout_cancelled",
    outcome: "expired",
  });
}

/**
 * The test-mode equivalent of Stripe's refund: no money moves, so the refund succeeds at
 * once. Its id is made from the order and its refund count, as Stripe's idempotency key is, so two
 * clicks on one refund are one refund in the ledger.
 */
export function takeTestRefund(order: Pick<Order, "id" | "provider">, sequence: number): { refundId: string } {
  if (order.provider !== "test") throw new Error(`Order ${order.id} was not paid in test mode`);
  return { refundId: `test_refund_${order.id}_${sequence}` };
}
