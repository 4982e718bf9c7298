/**
 * What "Checkout as Guest" sends: only course ids and the chosen currency, plus the total
 * the visitor was shown, so the server can tell when its own price differs and say so instead of
 * charging a surprise. The server never uses that total as a price.
 */
import { BASKET_CURRENCIES } from "../commerce/currency";
import { z } from "./zod";
import { idField } from "./id";

export const MAX_BASKET_COURSES = 50;

export const checkoutRequestSchema = z.object({
  courseIds: z
    .array(idField("Your basket has an item we do not recognise. Please clear it and add the courses again."))
    .min(1, "Your basket is empty.")
    .max(MAX_BASKET_COURSES, `A basket can hold at most ${MAX_BASKET_COURSES} courses.`)
    .transform((ids) => [...new Set(ids)]),
  currency: z.enum(BASKET_CURRENCIES, "Please choose one of the currencies offered."),
  expectedTotal: z.number().finite().nonnegative().optional(),
});

export type CheckoutRequest = z.output<typeof checkoutRequestSchema>;

/** A course as the basket keeps it, returned when the server's prices differ from the basket's. */
export interface CurrentBasketItem {
  id: string;
  name: string;
  price: number;
  baseCurrency: "GBP";
  emoji: string;
}

export type CheckoutResponse =
  { url: string } | { error: string; unavailableIds?: string[]; items?: CurrentBasketItem[] };
