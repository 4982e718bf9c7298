import { data } from "react-router";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { handleStripeWebhook } from "~/server/commerce/stripe.server";
import { readText, RequestBodyError } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/stripe-webhook";

/**
 * Stripe's webhook. The signature is checked on the raw body exactly as it arrived, so
 * nothing may parse the body before this action (server/app.ts installs no body parser).
 */
export async function action({ request }: Route.ActionArgs) {
  // Other methods never get here: the request rules answer them 405 (server/platform/http).
  let body: string;
  try {
    // Its cap is in server/platform/http/body-limits.server.ts, with the reason.
    body = await readText(request);
  } catch (error) {
    if (error instanceof RequestBodyError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  try {
    const outcome = await handleStripeWebhook(getDb, body, request.headers.get("stripe-signature"));
    return data({ message: outcome.message }, { status: outcome.status });
  } catch (error) {
    // Stripe retries a failed delivery for days, so a database outage loses nothing.
    logger.error({ err: error }, "could not process a Stripe webhook");
    return data({ error: "The event could not be processed now." }, { status: 500 });
  }
}
