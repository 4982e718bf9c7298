/** Training courses and their orders: items, payments, refunds and notes. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ORDER_STATUSES, PAID_ORDER_STATUSES, PAYMENT_PROVIDERS, REFUND_STATUSES } from "../../lib/enums";
import { oneOf, notBlank, id, createdAt, updatedAt, type RichTextJson } from "./columns";
import { users } from "./auth";

export const trainingCourses = pgTable(
  "training_courses",
  {
    id: id(),
    name: text("name").notNull(),
    // Plain text: the card of a never-edited course, the curriculum PDF, the Course structured
    // data and the assistant read it. Saved from the editor, it is the document's text (decision 017).
    description: text("description").notNull(),
    // The description as the rich-text editor's document. Null until first edited.
    document: jsonb("document").$type<RichTextJson>(),
    // The document rendered through the sanitiser: what the course card shows when present.
    descriptionHtml: text("description_html"),
    duration: text("duration").notNull(),
    level: text("level").notNull(),
    // Whole pounds and pence are kept exactly: money is never a floating-point column.
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }).notNull(),
    originalPrice: numeric("original_price", { precision: 10, scale: 2, mode: "number" }),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }),
    students: integer("students").notNull().default(0),
    emoji: text("emoji").notNull().default(""),
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    instructor: text("instructor"),
    lastUpdated: text("last_updated"),
    isActive: boolean("is_active").notNull().default(true),
    // An active course's pending changes (the editable fields), kept off the site and out of the
    // checkout's prices until Publish (decision 017); null when there are none.
    draft: jsonb("draft").$type<Record<string, unknown>>(),
    // The trash: set when an administrator deletes the row, which then disappears from
    // the site and the lists; the retention job deletes it for good after 30 days.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: uuid("deleted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "training_courses_draft_object_check",
      sql`${table.draft} is null or jsonb_typeof(${table.draft}) = 'object'`,
    ),
    check("training_courses_name_not_blank", notBlank(table.name)),
    check("training_courses_price_positive", sql`${table.price} > 0`),
    check(
      "training_courses_original_price_check",
      sql`${table.originalPrice} is null or ${table.originalPrice} >= ${table.price}`,
    ),
    check("training_courses_rating_range", sql`${table.rating} is null or ${table.rating} between 0 and 5`),
    check("training_courses_students_non_negative", sql`${table.students} >= 0`),
    index("training_courses_active_name_idx").on(table.isActive, table.name),
  ],
);

/** Money in a currency's major unit (pounds, yen), exactly: never a floating-point column. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });

/** Units of a currency per pound sterling, as used when an order was priced. */
const exchangeRate = (name: string) => numeric(name, { precision: 14, scale: 6, mode: "number" });

/**
 * A guest's order. The server prices it from training_courses and the exchange rates at
 * checkout and freezes the result in order_items, so later price or rate changes never alter it.
 */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    status: text("status").notNull().default("pending"),
    currency: text("currency").notNull(),
    total: money("total").notNull(),
    provider: text("provider").notNull(),
    // The Checkout Session (Stripe) or test-mode session that collects the payment.
    providerSessionId: text("provider_session_id"),
    // Known once the payment page has collected it.
    customerEmail: text("customer_email"),
    // Stripe's PaymentIntent that took the money (from the completed Checkout Session): what a
    // refund names, and how a refund made in Stripe's dashboard finds its order.
    providerPaymentId: text("provider_payment_id"),
    // What went back to the customer so far, in the order's currency: the sum of its live refunds.
    amountRefunded: money("amount_refunded").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [
    check("orders_status_check", oneOf(table.status, ORDER_STATUSES)),
    check("orders_provider_check", oneOf(table.provider, PAYMENT_PROVIDERS)),
    check("orders_currency_format", sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check("orders_total_non_negative", sql`${table.total} >= 0`),
    // An order has a payment time exactly when it was paid (refunded orders were paid first).
    check("orders_paid_at_check", sql`(${oneOf(table.status, PAID_ORDER_STATUSES)}) = (${table.paidAt} is not null)`),
    // Never more back than was paid, and nothing back on an order that was never paid.
    check(
      "orders_amount_refunded_range",
      sql`${table.amountRefunded} >= 0 and ${table.amountRefunded} <= ${table.total}`,
    ),
    uniqueIndex("orders_provider_session_unique").on(table.provider, table.providerSessionId),
    index("orders_created_at_idx").on(table.createdAt.desc()),
    index("orders_status_idx").on(table.status),
  ],
);

/** One course of an order, frozen at checkout: what was bought, at which price and rate. */
export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Kept when the course is deleted later: the name and prices below still say what was bought.
    courseId: uuid("course_id").references(() => trainingCourses.id, { onDelete: "set null" }),
    courseName: text("course_name").notNull(),
    position: integer("position").notNull(),
    // The course's price in pounds when ordered, and what it came to in the order's currency.
    basePrice: money("base_price").notNull(),
    unitPrice: money("unit_price").notNull(),
    currency: text("currency").notNull(),
    exchangeRate: exchangeRate("exchange_rate").notNull(),
  },
  (table) => [
    check("order_items_unit_price_non_negative", sql`${table.unitPrice} >= 0`),
    check("order_items_exchange_rate_positive", sql`${table.exchangeRate} > 0`),
    uniqueIndex("order_items_order_position_unique").on(table.orderId, table.position),
  ],
);

/**
 * Everything the payment provider told us about an order, once each: the unique (provider, event id)
 * pair is what makes a replayed webhook change nothing.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    // The order's status before and after the event; equal when the event changed nothing.
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (table) => [
    check("payment_events_provider_check", oneOf(table.provider, PAYMENT_PROVIDERS)),
    uniqueIndex("payment_events_provider_event_unique").on(table.provider, table.eventId),
    index("payment_events_order_idx").on(table.orderId, table.createdAt),
  ],
);

/**
 * Money sent back to a customer, one row per refund at the provider: the unique
 * (provider, refund id) pair is what makes a refund seen twice (the CMS's own answer, then Stripe's
 * webhook about it) count once. The order's amount_refunded is the sum of its live rows.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    // Stripe's refund id (re_...), or the test-mode refund's own id.
    refundId: text("refund_id").notNull(),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    reason: text("reason"),
    // Who refunded in the CMS; null for a refund made elsewhere (Stripe's dashboard) and reported by the webhook.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: text("user_email"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("order_refunds_provider_check", oneOf(table.provider, PAYMENT_PROVIDERS)),
    check("order_refunds_status_check", oneOf(table.status, REFUND_STATUSES)),
    check("order_refunds_amount_positive", sql`${table.amount} > 0`),
    uniqueIndex("order_refunds_provider_refund_unique").on(table.provider, table.refundId),
    index("order_refunds_order_idx").on(table.orderId, table.createdAt),
  ],
);

/** Internal notes on an order: who wrote what, and when. Never shown to the customer. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    // Kept when the user is later deleted, so the note still says who wrote it.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: text("user_email").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("order_notes_body_not_blank", notBlank(table.body)),
    check("order_notes_body_length", sql`char_length(${table.body}) <= 2000`),
    index("order_notes_order_idx").on(table.orderId, table.createdAt),
  ],
);
