import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { OrderSummary } from "~/components/checkout/order-summary";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { pageMeta } from "~/lib/seo/meta";
import { TEST_PAYMENT_INTENTS, TEST_PAYMENT_MESSAGES } from "~/lib/commerce/test-payment";
import { getDb } from "~/server/platform/db/database.server";
import { readFormOrRefuse } from "~/server/platform/http/request-body.server";
import { orderReference } from "~/server/commerce/order-mail.server";
import { findOrder, listOrderItems } from "~/server/commerce/orders.server";
import { RateLimiter } from "~/server/platform/rate-limit/rate-limit.server";
import { cancelTestCheckout, isTestModeOrder, payWithTestCard } from "~/server/commerce/test-payments.server";
import type { Route } from "./+types/test-payment";
import { isUuid } from "~/lib/schemas/id";
import { Icon } from "~/components/ui/icon";

const noStore = { "Cache-Control": "no-store" };

/** Card attempts per address in ten minutes: enough for typing mistakes, not for guessing. */
const paymentAttempts = new RateLimiter("test-payment", 30, 10 * 60 * 1000);

/** A test-mode order of this site, or a 404 (a Stripe order never pays here). */
async function loadTestOrder(orderId: string) {
  const db = await getDb();
  const order = isUuid(orderId) ? await findOrder(db, orderId) : undefined;
  if (!isTestModeOrder(order)) throw data("Not found", { status: 404 });
  return { db, order };
}

/**
 * The built-in payment page that stands in for Stripe Checkout when no Stripe keys are
 * set: clearly TEST MODE, no real money, the card 4242 4242 4242 4242 succeeds.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const { db, order } = await loadTestOrder(params.order);
  if (order.status === "paid" || order.status === "processing") {
    throw redirect(`/checkout/success?order=${order.id}`);
  }
  const items = await listOrderItems(db, order.id);
  return data(
    {
      reference: orderReference(order.id),
      currency: order.currency,
      total: order.total,
      open: order.status === "pending",
      lines: items.map(({ courseName, unitPrice }) => ({ courseName, unitPrice })),
    },
    { headers: noStore },
  );
}

type ActionData = { errors?: Record<string, string>; message?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, order } = await loadTestOrder(params.order);
  const limit = await paymentAttempts.hit(context.clientAddress);
  if (!limit.allowed) {
    return data<ActionData>(
      { message: "Too many payment attempts. Please wait a few minutes and try again." },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const form = await readFormOrRefuse(request);
  if (form.get("intent") === TEST_PAYMENT_INTENTS.cancel) {
    await cancelTestCheckout(db, order.id);
    throw redirect("/basket?checkout=cancelled");
  }
  const result = await payWithTestCard(db, order.id, {
    email: form.get("email") ?? "",
    cardNumber: form.get("cardNumber") ?? "",
    expiry: form.get("expiry") ?? "",
    cvc: form.get("cvc") ?? "",
  });
  switch (result.kind) {
    case "paid":
      throw redirect(`/checkout/success?order=${order.id}`);
    case "invalid":
      return data<ActionData>({ errors: result.errors }, { status: 400 });
    case "declined":
      return data<ActionData>({ message: result.message }, { status: 402 });
    case "ended":
      return data<ActionData>({ message: result.message }, { status: 409 });
  }
}

export default function TestPaymentPage() {
  const { reference, currency, total, open, lines } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formData?.get("intent") === TEST_PAYMENT_INTENTS.pay;
  const errors = actionData?.errors ?? {};

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <p
        role="note"
        className="flex items-start gap-3 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <Icon name="flask-conical" className="mt-0.5 size-5 shrink-0" />
        <span>
          <strong className="block text-base">TEST MODE – no real money is taken</strong>
          This site has no card payment provider configured, so this page stands in for one. Use the test card{" "}
          <strong>4242 4242 4242 4242</strong> with any future expiry date and any three-digit code; any other card
          number is declined.
        </span>
      </p>

      <h1 className="mt-8 text-3xl font-bold tracking-tight">Pay for your order</h1>
      <p className="mt-2 text-muted-foreground">Order reference {reference}</p>

      <section aria-labelledby="order-summary-heading" className="mt-8">
        <h2 id="order-summary-heading" className="mb-3 text-lg font-semibold">
          Order summary
        </h2>
        <OrderSummary lines={lines} total={total} currency={currency} />
      </section>

      {open ? (
        <section aria-labelledby="card-details-heading" className="mt-10">
          <h2 id="card-details-heading" className="mb-4 text-lg font-semibold">
            Card details
          </h2>
          {actionData?.message ? (
            <p role="alert" className="mb-6 rounded-md border border-destructive bg-destructive/10 p-3 text-sm">
              {actionData.message}
            </p>
          ) : null}
          <Form method="post" noValidate className="grid gap-5">
            <TextField
              id="email"
              name="email"
              type="email"
              label="Email"
              autoComplete="email"
              required
              hint="We send your order confirmation here."
              error={errors.email}
            />
            <TextField
              id="cardNumber"
              name="cardNumber"
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="4242 4242 4242 4242"
              required
              error={errors.cardNumber}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                id="expiry"
                name="expiry"
                label="Expiry date"
                autoComplete="cc-exp"
                placeholder="MM / YY"
                required
                error={errors.expiry}
              />
              <TextField
                id="cvc"
                name="cvc"
                label="Security code"
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                required
                error={errors.cvc}
              />
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" name="intent" value={TEST_PAYMENT_INTENTS.pay} size="lg" disabled={paying}>
                {paying ? "Processing payment..." : "Pay (test mode)"}
              </Button>
              <Button
                type="submit"
                name="intent"
                value={TEST_PAYMENT_INTENTS.cancel}
                variant="outline"
                size="lg"
                formNoValidate
              >
                Cancel and return to basket
              </Button>
            </div>
          </Form>
        </section>
      ) : (
        <div className="mt-10">
          <p role="status">{TEST_PAYMENT_MESSAGES.ended}</p>
          <Button asChild className="mt-4">
            <Link to="/basket">Return to your basket</Link>
          </Button>
        </div>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Test-mode payment" }),
  { name: "robots", content: "noindex, nofollow" },
];
