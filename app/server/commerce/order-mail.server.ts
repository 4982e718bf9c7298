/**
 * The confirmation e-mail of a paid order: what was bought, at which price, the total and the
 * order reference, with where to ask questions. Queued by orders.server.ts when an order becomes
 * paid; sent (or kept in the outbox) by mail.server.ts like every other mail.
 */
import { formatPrice } from "../../lib/commerce/currency";
import { escapeHtml } from "../../lib/site/placeholders";
import { siteIdentityFromSettings } from "../../lib/site/site-identity";
import { htmlDocument, type NewMail } from "../platform/mail/outbox.server";
import { SETTING_KEYS } from "../../lib/site/site-setting-keys";

interface OrderForMail {
  id: string;
  currency: string;
  total: number;
  customerEmail: string | null;
}

interface OrderLineForMail {
  courseName: string;
  unitPrice: number;
  currency: string;
}

export interface OrderMailContext {
  settings: Readonly<Record<string, string>>;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
}

/** The short reference a customer quotes: the first eight characters of the order id, upper case. */
export function orderReference(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

/** Where the customer sees the order as the server knows it. */
export function orderStatusLink(publicUrl: string, orderId: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/checkout/success?order=${encodeURIComponent(orderId)}`;
}

export function composeOrderConfirmation(
  order: OrderForMail,
  items: readonly OrderLineForMail[],
  context: OrderMailContext,
): Omit<NewMail, "orderId"> & { to: string } {
  const identity = siteIdentityFromSettings(context.settings);
  const company = identity.companyName;
  const reference = orderReference(order.id);
  const lines = items.map((item) => [item.courseName, formatPrice(item.unitPrice, item.currency)] as const);
  const total = formatPrice(order.total, order.currency);
  const link = orderStatusLink(context.publicUrl, order.id);
  const companyEmail = context.settings[SETTING_KEYS.contactEmail]?.trim() || null;
  const questions = companyEmail
    ? `If you have any questions about your booking, reply to this e-mail or write to ${companyEmail}.`
    : `If you have any questions about your booking, reply to this e-mail.`;
  const intro = `Thank you for your order with ${company}. Your payment has been received and your places are booked. We will send joining instructions before each course starts.`;

  return {
    kind: "order_confirmation",
    to: order.customerEmail?.trim() ?? "",
    replyTo: companyEmail,
    subject: `Your order ${reference} with ${company} is confirmed`,
    text: [
      "Hello,",
      "",
      intro,
      "",
      `Order reference: ${reference}`,
      "",
      ...lines.map(([name, price]) => `- ${name}: ${price}`),
      "",
      `Total paid: ${total}`,
      "",
      `View your order: ${link}`,
      "",
      questions,
      "",
      "Kind regards,",
      company,
      context.publicUrl,
    ].join("\n"),
    html: htmlDocument(
      `Your order ${reference} is confirmed`,
      [
        '<p style="margin:0 0 12px">Hello,</p>',
        `<p style="margin:0 0 12px">${escapeHtml(intro)}</p>`,
        `<p style="margin:0 0 12px"><strong>Order reference:</strong> ${escapeHtml(reference)}</p>`,
        '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">',
        ...lines.map(
          ([name, price]) =>
            `<tr><td style="padding:4px 24px 4px 0">${escapeHtml(name)}</td>` +
            `<td style="padding:4px 0;text-align:right">${escapeHtml(price)}</td></tr>`,
        ),
        `<tr><th scope="row" style="text-align:left;padding:8px 24px 4px 0;border-top:1px solid #d1d5db">Total paid</th>` +
          `<td style="padding:8px 0 4px;text-align:right;border-top:1px solid #d1d5db"><strong>${escapeHtml(total)}</strong></td></tr>`,
        "</table>",
        `<p style="margin:0 0 12px"><a href="${escapeHtml(link)}" style="color:#1d4ed8">View your order</a></p>`,
        `<p style="margin:0 0 12px">${escapeHtml(questions)}</p>`,
        `<p style="margin:0">Kind regards,<br>${escapeHtml(company)}<br>`,
        `<a href="${escapeHtml(context.publicUrl)}" style="color:#1d4ed8">${escapeHtml(context.publicUrl)}</a></p>`,
      ].join(""),
    ),
  };
}
