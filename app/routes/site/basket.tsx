import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useBasket } from "~/components/site/basket-provider";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { showToast } from "~/components/ui/toaster";
import type { BasketItem } from "~/lib/commerce/basket";
import { BASKET_CURRENCIES, convertPrice, formatPrice, isCurrencyCode } from "~/lib/commerce/currency";
import { publicPageMeta } from "~/lib/seo/meta";
import type { CheckoutResponse } from "~/lib/schemas/checkout";
import type { Route } from "./+types/basket";
import { Icon } from "~/components/ui/icon";

// SPEC.md section 8.
const PREPARING = "Preparing your checkout...";
const NO_URL = "Failed to create checkout session";
const CHECKOUT_THREW = "Something went wrong with the checkout process";

/** Sends only ids and the currency; the server prices the order itself and answers with where to pay. */
async function requestCheckout(items: readonly BasketItem[], currency: string, total: number) {
  const response = await fetch("/api/checkout", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ courseIds: items.map((item) => item.id), currency, expectedTotal: total }),
  });
  return (await response.json()) as CheckoutResponse;
}

/**
 * The basket (SPEC.md "Basket"): its items in the chosen currency, the total, Clear Basket and
 * Checkout as Guest. The basket lives in the browser (local storage), so the server renders the
 * page's frame and the items appear once the browser has read them.
 */
export default function BasketPage() {
  const { items, currency, total, rates, hydrated, removeItem, clearBasket, replaceItems, setCurrency } = useBasket();
  const [searchParams] = useSearchParams();
  const [checkingOut, setCheckingOut] = useState(false);
  const [unavailableIds, setUnavailableIds] = useState<readonly string[]>([]);
  const currencyId = useId();
  const cancelled = searchParams.get("checkout") === "cancelled";

  function changeCurrency(code: string) {
    if (!isCurrencyCode(code) || code === currency) return;
    setCurrency(code);
    showToast("success", `Currency updated to ${code}`);
  }

  async function checkout() {
    setCheckingOut(true);
    showToast("info", PREPARING);
    try {
      const result = await requestCheckout(items, currency, total);
      if ("url" in result && result.url) {
        // Leaves the page for the payment page; the basket stays until the order is paid.
        window.location.assign(result.url);
        return;
      }
      const failure = "error" in result ? result : { error: NO_URL };
      if (failure.items) replaceItems(failure.items);
      setUnavailableIds(failure.unavailableIds ?? []);
      showToast("error", failure.error || NO_URL);
    } catch (error) {
      console.error("Checkout failed", error);
      showToast("error", CHECKOUT_THREW);
    }
    setCheckingOut(false);
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Your Basket</h1>
        <div className="grid gap-1">
          <label htmlFor={currencyId} className="text-sm font-medium">
            Currency
          </label>
          <NativeSelect
            id={currencyId}
            value={currency}
            disabled={!hydrated}
            onChange={(event) => changeCurrency(event.target.value)}
            className="w-32!"
          >
            {/* The stored currency may be one the picker does not offer (e.g. INR from the language). */}
            {(BASKET_CURRENCIES as readonly string[]).includes(currency) ? null : (
              <option value={currency}>{currency}</option>
            )}
            {BASKET_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {cancelled ? (
        <p role="status" className="mt-6 rounded-md border bg-muted/60 p-3 text-sm">
          Checkout cancelled. No payment was taken, and your courses are still in your basket.
        </p>
      ) : null}

      {/* The items appear once the browser has read them; the space is kept so nothing below jumps. */}
      <div className="min-h-96">
        {!hydrated ? (
          <p role="status" className="mt-10 text-muted-foreground">
            Loading your basket...
          </p>
        ) : items.length === 0 ? (
          <div className="mt-10 rounded-lg border border-dashed p-10 text-center">
            <Icon name="shopping-basket" className="mx-auto size-12 text-muted-foreground" />
            <h2 className="mt-4 text-xl font-semibold">Your basket is empty</h2>
            <p className="mt-2 text-muted-foreground">
              Browse our professional training courses and add the ones you like.
            </p>
            <Button asChild className="mt-6">
              <Link to="/training">Browse Training Courses</Link>
            </Button>
          </div>
        ) : (
          <>
            <h2 className="sr-only">Items</h2>
            <ul className="mt-8 divide-y rounded-lg border bg-card text-card-foreground" data-testid="basket-items">
              {items.map((item) => {
                const unavailable = unavailableIds.includes(item.id);
                return (
                  <li key={item.id} className="flex items-center gap-4 p-4">
                    {item.emoji ? (
                      <span aria-hidden="true" className="text-3xl">
                        {item.emoji}
                      </span>
                    ) : null}
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">{item.name}</p>
                      {unavailable ? (
                        <p className="text-sm font-medium text-destructive">No longer available – please remove it</p>
                      ) : null}
                    </div>
                    <p className="font-semibold whitespace-nowrap">
                      {formatPrice(convertPrice(item.price, item.baseCurrency, currency, rates), currency)}
                    </p>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${item.name}`}
                      onClick={() => removeItem(item.id)}
                    >
                      <Icon name="trash-2" />
                    </Button>
                  </li>
                );
              })}
            </ul>
            <div className="mt-6 flex items-baseline justify-between rounded-lg bg-muted/60 px-4 py-4 text-lg font-semibold">
              <span>Total</span>
              <span data-testid="basket-total">{formatPrice(total, currency)}</span>
            </div>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Button type="button" variant="outline" onClick={clearBasket} disabled={checkingOut}>
                Clear Basket
              </Button>
              <Button type="button" size="lg" onClick={() => void checkout()} disabled={checkingOut}>
                Checkout as Guest
              </Button>
            </div>
            <p className="mt-4 text-right text-sm text-muted-foreground">
              You pay on a secure payment page; nothing is charged until you confirm there.
            </p>
          </>
        )}
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    title: "Your Basket",
    description: "The training courses in your basket, in the currency of your choice, ready for checkout.",
    path: "/basket",
  });
