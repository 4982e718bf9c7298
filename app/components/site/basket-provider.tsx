import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from "react";
import {
  BASKET_STORAGE_KEY,
  CURRENCY_STORAGE_KEY,
  INITIAL_BASKET_STATE,
  basketStateReducer,
  parseStoredBasket,
  type BasketItem,
  type BasketItemInput,
} from "~/lib/commerce/basket";
import {
  GBP_RATES,
  basketTotal,
  detectDefaultCurrency,
  isCurrencyCode,
  type CurrencyCode,
  type RateTable,
} from "~/lib/commerce/currency";

export type BasketContextValue = {
  items: BasketItem[];
  count: number;
  currency: CurrencyCode;
  /** Sum of item prices converted to `currency`. */
  total: number;
  /** Units of each currency per pound: the administrator's rates, which the checkout charges with. */
  rates: RateTable;
  /** False on the server and the first client render; true once storage is read. */
  hydrated: boolean;
  addItem: (item: BasketItemInput) => void;
  removeItem: (id: string) => void;
  clearBasket: () => void;
  /** Puts the server's current names and prices in place of the stored ones (after a price change). */
  replaceItems: (items: BasketItem[]) => void;
  setCurrency: (code: CurrencyCode) => void;
};

const BasketContext = createContext<BasketContextValue | null>(null);

// Storage can throw (Safari private mode, disabled cookies, quota), so every
// access degrades to "nothing stored" / "not saved" instead of crashing.
function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not persisting is acceptable; the in-memory basket still works.
  }
}

function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Ignore for the same reason as writeStorage.
  }
}

function isLocalStorage(area: Storage | null): boolean {
  try {
    return area === window.localStorage;
  } catch {
    return false;
  }
}

function parseOrLog(raw: string | null): BasketItem[] | null {
  try {
    return parseStoredBasket(raw);
  } catch (error) {
    console.error("Failed to parse stored basket", error);
    return null;
  }
}

export function BasketProvider({
  children,
  rates = GBP_RATES,
}: {
  children: ReactNode;
  /** Rates from GBP (the site settings' exchange rates); the fixed table of SPEC.md section 9 by default. */
  rates?: RateTable;
}) {
  // Starts empty in DEFAULT_CURRENCY so the server and first client render match.
  const [state, dispatch] = useReducer(basketStateReducer, INITIAL_BASKET_STATE);
  const { items, currency, hydrated } = state;

  // Restore after mount: localStorage only exists in the browser.
  useEffect(() => {
    let stored = parseOrLog(readStorage(BASKET_STORAGE_KEY));
    if (stored === null) {
      // Drop the corrupt value so it isn't reported on every page load.
      removeStorage(BASKET_STORAGE_KEY);
      stored = [];
    }
    const savedCurrency = readStorage(CURRENCY_STORAGE_KEY);
    dispatch({
      type: "hydrate",
      items: stored,
      currency: isCurrencyCode(savedCurrency) ? savedCurrency : detectDefaultCurrency(),
    });
  }, []);

  // Save only after hydration, or the empty SSR basket would overwrite storage.
  useEffect(() => {
    if (hydrated) writeStorage(BASKET_STORAGE_KEY, JSON.stringify(items));
  }, [hydrated, items]);

  useEffect(() => {
    if (hydrated) writeStorage(CURRENCY_STORAGE_KEY, currency);
  }, [hydrated, currency]);

  // Keep tabs in sync. The event only fires in *other* tabs, and writing back
  // an identical value fires nothing, so this cannot ping-pong.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (!isLocalStorage(event.storageArea)) return;
      if (event.key === null) {
        // Another tab called localStorage.clear().
        dispatch({ type: "clear" });
      } else if (event.key === BASKET_STORAGE_KEY) {
        const next = parseOrLog(event.newValue);
        if (next !== null) dispatch({ type: "replace", items: next });
      } else if (event.key === CURRENCY_STORAGE_KEY && isCurrencyCode(event.newValue)) {
        dispatch({ type: "setCurrency", currency: event.newValue });
      }
    }
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const addItem = useCallback((item: BasketItemInput) => dispatch({ type: "add", item }), []);
  const removeItem = useCallback((id: string) => dispatch({ type: "remove", id }), []);
  const clearBasket = useCallback(() => dispatch({ type: "clear" }), []);
  const replaceItems = useCallback((next: BasketItem[]) => dispatch({ type: "replace", items: next }), []);
  const setCurrency = useCallback((code: CurrencyCode) => {
    // Guard untyped callers, e.g. a <select> value cast to CurrencyCode.
    if (isCurrencyCode(code)) dispatch({ type: "setCurrency", currency: code });
  }, []);

  const total = useMemo(() => basketTotal(items, currency, rates), [items, currency, rates]);

  const value = useMemo<BasketContextValue>(
    () => ({
      items,
      count: items.length,
      currency,
      total,
      rates,
      hydrated,
      addItem,
      removeItem,
      clearBasket,
      replaceItems,
      setCurrency,
    }),
    [items, currency, total, rates, hydrated, addItem, removeItem, clearBasket, replaceItems, setCurrency],
  );

  return <BasketContext value={value}>{children}</BasketContext>;
}

export function useBasket(): BasketContextValue {
  const context = useContext(BasketContext);
  if (context === null) {
    throw new Error("useBasket must be used within a BasketProvider");
  }
  return context;
}
