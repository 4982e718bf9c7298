import { data } from "react-router";
import { startCheckout } from "~/server/commerce/checkout.server";
import { getDb } from "~/server/platform/db/database.server";
import { readJson, RequestBodyError } from "~/server/platform/http/request-body.server";
import { logger } from "~/server/platform/logger.server";
import type { Route } from "./+types/checkout";

const noStore = { "Cache-Control": "no-store" };

/**
 * "Checkout as Guest": `{ courseIds, currency, expectedTotal }` in, `{ url }` of the payment page
 * out, or `{ error }` with a message the basket shows as it is.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Other methods never get here: the request rules answer them 405 (server/platform/http).
  let json: unknown;
  try {
    json = await readJson(request);
  } catch (error) {
    if (error instanceof RequestBodyError)
      return data({ error: error.message }, { status: error.status, headers: noStore });
    throw error;
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
