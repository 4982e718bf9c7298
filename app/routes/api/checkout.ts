import { data } from "react-router";
import { startCheckout } from "~/server/commerce/checkout.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import type { Route } from "./+types/checkout";

/** A basket of course ids is a few kilobytes at most. */
const MAX_BODY_BYTES = 8 * 1024;

const noStore = { "Cache-Control": "no-store" };

/**
 * "Checkout as Guest": `{ courseIds, currency, expectedTotal }` in, `{ url }` of the payment page
 * out, or `{ error }` with a message the basket shows as it is.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST", ...noStore } });
  }
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES)
    return data({ error: "The request is too large." }, { status: 413, headers: noStore });
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return data({ error: "The request body must be JSON." }, { status: 400, headers: noStore });
  }
  try {
    const outcome = await startCheckout(getDb, json, { clientAddress: context.clientAddress });
    const headers: Record<string, string> = { ...noStore };
    if (outcome.retryAfterSeconds) headers["Retry-After"] = String(outcome.retryAfterSeconds);
    return data(outcome.body, { status: outcome.status, headers });
  } catch (error) {
    logger.error({ err: error }, "the checkout failed");
    return data({ error: "Failed to create checkout session" }, { status: 500, headers: noStore });
  }
}

export function loader() {
  return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
