import { data } from "react-router";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { handleStripeWebhook } from "~/server/commerce/stripe.server";
import type { Route } from "./+types/stripe-webhook";

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const MAX_BODY_BYTES = 512 * 1024;

/**
 * Stripe's webhook (issue 6). The signature is checked on the raw body exactly as it arrived, so
 * nothing may parse the body before this action (server/app.ts installs no body parser).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) return data({ error: "The request is too large." }, { status: 413 });
  try {
    const outcome = await handleStripeWebhook(getDb, body, request.headers.get("stripe-signature"));
    return data({ message: outcome.message }, { status: outcome.status });
  } catch (error) {
    // Stripe retries a failed delivery for days, so a database outage loses nothing.
    logger.error({ err: error }, "could not process a Stripe webhook");
    return data({ error: "The event could not be processed now." }, { status: 500 });
  }
}

export function loader() {
  return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
