/**
 * "Checkout as Guest": from course ids and a currency to a payment page. The server loads
 * the courses, refuses unknown or inactive ones, prices the order with the same currency module the
 * basket uses and the administrator's exchange rates, records it (pending, lines frozen), and opens
 * the payment: a Stripe Checkout Session when Stripe is configured, the test-mode page otherwise.
 */
import { ratesFromSettings } from "../../lib/commerce/currency";
import { checkoutRequestSchema, type CheckoutResponse, type CurrentBasketItem } from "../../lib/schemas/checkout";
import { findCoursesByIds, type Course } from "./courses.server";
import type { Database } from "../platform/db/db.server";
import { getEnv } from "../platform/env.server";
import { logger } from "../platform/logger.server";
import { applyPaymentEvent, createOrder, listOrderItems, priceCourses, setProviderSession } from "./orders.server";
import { RateLimiter } from "../platform/rate-limit/rate-limit.server";
import { getPublicSettings } from "../content/site-settings.server";
import { createStripeCheckout } from "./stripe.server";

export const CHECKOUT_MESSAGES = {
  // SPEC.md section 8: a response without a payment address.
  sessionFailed: "Failed to create checkout session",
  invalid: "Your basket could not be read. Please clear it and add the courses again.",
  priceChanged:
    "Prices have changed since you added these courses. Your basket now shows the current prices; please check them and try again.",
  tooMany: "Too many checkout attempts. Please wait a few minutes and try again.",
} as const;

/** "A and B are" / "A is": the courses a visitor must remove, by name where we know it. */
export function unavailableMessage(unavailable: readonly { name: string | null }[]): string {
  const names = unavailable.map((course) => (course.name ? `“${course.name}”` : "a course in your basket"));
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const verb = names.length === 1 ? "is" : "are";
  const pronoun = names.length === 1 ? "it" : "them";
  return `Sorry, ${list} ${verb} no longer available. Please remove ${pronoun} from your basket and try again.`;
}

/** Orders a visitor may start per address in ten minutes: plenty for a person, little for a script. */
export const checkoutLimiter = new RateLimiter("checkout", 20, 10 * 60 * 1000);

export interface CheckoutOutcome {
  status: number;
  body: CheckoutResponse;
  retryAfterSeconds?: number;
}

function currentItems(requestedIds: readonly string[], courses: readonly Course[]): CurrentBasketItem[] {
  const byId = new Map(courses.map((course) => [course.id, course]));
  return requestedIds.flatMap((id) => {
    const course = byId.get(id);
    return course ? [{ id, name: course.name, price: course.price, baseCurrency: "GBP", emoji: course.emoji }] : [];
  });
}

export async function startCheckout(
  getDb: () => Promise<Database>,
  body: unknown,
  context: { clientAddress: string },
): Promise<CheckoutOutcome> {
  const limit = await checkoutLimiter.hit(context.clientAddress);
  if (!limit.allowed) {
    return { status: 429, body: { error: CHECKOUT_MESSAGES.tooMany }, retryAfterSeconds: limit.retryAfterSeconds };
  }
  const parsed = checkoutRequestSchema.safeParse(body);
  if (!parsed.success) {
    return { status: 400, body: { error: parsed.error.issues[0]?.message ?? CHECKOUT_MESSAGES.invalid } };
  }
  const { courseIds, currency, expectedTotal } = parsed.data;

  const db = await getDb();
  const [courses, settings] = await Promise.all([findCoursesByIds(db, courseIds), getPublicSettings(getDb)]);
  const rates = ratesFromSettings(settings);
  const priced = priceCourses(courseIds, courses, currency, rates);
  if (!priced.ok) {
    return {
      status: 409,
      body: { error: unavailableMessage(priced.unavailable), unavailableIds: priced.unavailable.map((c) => c.id) },
    };
  }

  // The basket shows prices it stored when each course was added; if the catalogue or the rates
  // changed since, the visitor sees the new prices before paying them.
  if (expectedTotal !== undefined && Math.round(expectedTotal * 100) !== Math.round(priced.total * 100)) {
    return { status: 409, body: { error: CHECKOUT_MESSAGES.priceChanged, items: currentItems(courseIds, courses) } };
  }

  const env = getEnv();
  const provider = env.STRIPE_SECRET_KEY ? "stripe" : "test";
  const order = await createOrder(db, priced, provider);
  logger.info({ orderId: order.id, provider, currency, total: order.total }, "order created");

  if (provider === "test") {
    await setProviderSession(db, order.id, `test_${order.id}`);
    return { status: 200, body: { url: `/checkout/test/${order.id}` } };
  }

  try {
    const { sessionId, url } = await createStripeCheckout(order, await listOrderItems(db, order.id));
    await setProviderSession(db, order.id, sessionId);
    if (!url) throw new Error(`Stripe returned no url for session ${sessionId}`);
    return { status: 200, body: { url } };
  } catch (error) {
    logger.error({ err: error, orderId: order.id }, "could not create a Stripe Checkout Session");
    await applyPaymentEvent(db, {
      orderId: order.id,
      provider: "stripe",
      eventId: `session-create-failed-${order.id}`,
      type: "checkout.session.create_failed",
      outcome: "failed",
      detail: error instanceof Error ? error.message.slice(0, 500) : null,
    });
    return { status: 502, body: { error: CHECKOUT_MESSAGES.sessionFailed } };
  }
}
