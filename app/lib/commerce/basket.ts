// Pure basket logic, shared by the React provider and the tests.
import { DEFAULT_CURRENCY, type CurrencyCode } from "./currency";

export const BASKET_STORAGE_KEY = "basket";
export const CURRENCY_STORAGE_KEY = "userCurrency";

export type BasketItem = {
  id: string;
  name: string;
  /** Price in `baseCurrency`. */
  price: number;
  baseCurrency: string;
  emoji: string;
};

/** What callers pass to add: base currency and emoji are optional. */
export type BasketItemInput = Omit<BasketItem, "baseCurrency" | "emoji"> &
  Partial<Pick<BasketItem, "baseCurrency" | "emoji">>;

export type BasketAction =
  | { type: "add"; item: BasketItemInput }
  | { type: "remove"; id: string }
  | { type: "clear" }
  // Wholesale replacement, e.g. when another tab changes the stored basket.
  | { type: "replace"; items: BasketItem[] };

export function toBasketItem(input: BasketItemInput): BasketItem {
  return {
    id: input.id,
    name: input.name,
    price: input.price,
    baseCurrency: input.baseCurrency ?? DEFAULT_CURRENCY,
    emoji: input.emoji ?? "",
  };
}

/**
 * Items are unique by id. No-op actions return the same state object so
 * React skips the re-render and the save to storage.
 */
export function basketReducer(state: BasketItem[], action: BasketAction): BasketItem[] {
  switch (action.type) {
    case "add":
      if (state.some((item) => item.id === action.item.id)) return state;
      return [...state, toBasketItem(action.item)];
    case "remove": {
      const next = state.filter((item) => item.id !== action.id);
      return next.length === state.length ? state : next;
    }
    case "clear":
      return state.length === 0 ? state : [];
    case "replace":
      return action.items;
  }
}

/**
 * One stored item, checked field by field. The basket is read on every page, so this is plain
 * code rather than a zod schema (which would add ~15 KB to every page's JavaScript; decision 007).
 * Non-finite prices are refused, missing baseCurrency and emoji take their defaults, and unknown
 * keys are dropped so old or tampered data can't smuggle extra fields in.
 */
function toStoredItem(value: unknown): BasketItem {
  if (typeof value !== "object" || value === null) throw new TypeError("A basket item is not an object");
  const { id, name, price, baseCurrency = DEFAULT_CURRENCY, emoji = "" } = value as Record<string, unknown>;
  if (
    typeof id !== "string" ||
    typeof name !== "string" ||
    typeof price !== "number" ||
    !Number.isFinite(price) ||
    typeof baseCurrency !== "string" ||
    typeof emoji !== "string"
  ) {
    throw new TypeError("A basket item has the wrong shape");
  }
  return { id, name, price, baseCurrency, emoji };
}

/**
 * Parses the raw `basket` value from localStorage. `null` (nothing stored)
 * gives an empty basket; invalid JSON or a wrong shape throws, so the caller
 * decides how to log and recover. Duplicate ids keep the first occurrence.
 */
export function parseStoredBasket(raw: string | null): BasketItem[] {
  if (raw === null) return [];
  const stored: unknown = JSON.parse(raw);
  if (!Array.isArray(stored)) throw new TypeError("The stored basket is not a list");
  const items = stored.map(toStoredItem);
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

/** Everything the basket provider keeps in state. */
export type BasketState = {
  items: BasketItem[];
  currency: CurrencyCode;
  /** False during SSR and the first client render, true once storage is read. */
  hydrated: boolean;
};

export type BasketStateAction =
  | BasketAction
  | { type: "setCurrency"; currency: CurrencyCode }
  | { type: "hydrate"; items: BasketItem[]; currency: CurrencyCode };

// Server render and first client render must agree, so start empty.
export const INITIAL_BASKET_STATE: BasketState = {
  items: [],
  currency: DEFAULT_CURRENCY,
  hydrated: false,
};

/**
 * Provider reducer. One reducer (rather than several useState calls) lets
 * hydration apply items, currency and the hydrated flag in a single update.
 */
export function basketStateReducer(state: BasketState, action: BasketStateAction): BasketState {
  switch (action.type) {
    case "setCurrency":
      return action.currency === state.currency ? state : { ...state, currency: action.currency };
    case "hydrate": {
      // Keep anything added before hydration finished (stored items first).
      const storedIds = new Set(action.items.map((item) => item.id));
      const early = state.items.filter((item) => !storedIds.has(item.id));
      return { items: [...action.items, ...early], currency: action.currency, hydrated: true };
    }
    default: {
      const items = basketReducer(state.items, action);
      return items === state.items ? state : { ...state, items };
    }
  }
}
