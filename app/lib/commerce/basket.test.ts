// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  BASKET_STORAGE_KEY,
  CURRENCY_STORAGE_KEY,
  INITIAL_BASKET_STATE,
  basketReducer,
  basketStateReducer,
  parseStoredBasket,
  type BasketItem,
  type BasketState,
} from "./basket";

const laptop: BasketItem = {
  id: "laptop",
  name: "Laptop refresh",
  price: 1299,
  baseCurrency: "GBP",
  emoji: "💻",
};
const support: BasketItem = {
  id: "support",
  name: "IT support",
  price: 99,
  baseCurrency: "USD",
  emoji: "🛠️",
};

describe("storage keys", () => {
  it("uses the agreed localStorage keys", () => {
    expect(BASKET_STORAGE_KEY).toBe("basket");
    expect(CURRENCY_STORAGE_KEY).toBe("userCurrency");
  });
});

describe("basketReducer", () => {
  it("adds an item", () => {
    expect(basketReducer([], { type: "add", item: laptop })).toEqual([laptop]);
    expect(basketReducer([laptop], { type: "add", item: support })).toEqual([laptop, support]);
  });

  it("does not mutate the previous state", () => {
    const state = [laptop];
    basketReducer(state, { type: "add", item: support });
    expect(state).toEqual([laptop]);
  });

  it("defaults baseCurrency to GBP and emoji to empty when adding", () => {
    const next = basketReducer([], { type: "add", item: { id: "x", name: "X", price: 5 } });
    expect(next).toEqual([{ id: "x", name: "X", price: 5, baseCurrency: "GBP", emoji: "" }]);
  });

  it("ignores an id already present, returning the same state object", () => {
    const state = [laptop];
    const next = basketReducer(state, {
      type: "add",
      item: { ...laptop, name: "Other", price: 1 },
    });
    expect(next).toBe(state);
    expect(next).toEqual([laptop]);
  });

  it("removes by id", () => {
    expect(basketReducer([laptop, support], { type: "remove", id: "laptop" })).toEqual([support]);
  });

  it("returns the same state when removing an absent id", () => {
    const state = [laptop];
    expect(basketReducer(state, { type: "remove", id: "missing" })).toBe(state);
  });

  it("clears", () => {
    expect(basketReducer([laptop, support], { type: "clear" })).toEqual([]);
    const empty: BasketItem[] = [];
    expect(basketReducer(empty, { type: "clear" })).toBe(empty);
  });

  it("replaces wholesale", () => {
    expect(basketReducer([laptop], { type: "replace", items: [support] })).toEqual([support]);
  });
});

describe("parseStoredBasket", () => {
  it("returns an empty basket when nothing is stored", () => {
    expect(parseStoredBasket(null)).toEqual([]);
  });

  it("parses a valid stored basket", () => {
    expect(parseStoredBasket(JSON.stringify([laptop, support]))).toEqual([laptop, support]);
    expect(parseStoredBasket("[]")).toEqual([]);
  });

  it("round-trips what the provider saves", () => {
    const saved = JSON.stringify(basketReducer([], { type: "add", item: laptop }));
    expect(parseStoredBasket(saved)).toEqual([laptop]);
  });

  it("applies defaults for baseCurrency and emoji", () => {
    expect(parseStoredBasket('[{"id":"a","name":"A","price":10}]')).toEqual([
      { id: "a", name: "A", price: 10, baseCurrency: "GBP", emoji: "" },
    ]);
  });

  it("drops unknown fields", () => {
    const raw = JSON.stringify([{ ...laptop, admin: true }]);
    expect(parseStoredBasket(raw)).toEqual([laptop]);
  });

  it("keeps the first of duplicate ids", () => {
    const raw = JSON.stringify([laptop, { ...laptop, price: 1 }, support]);
    expect(parseStoredBasket(raw)).toEqual([laptop, support]);
  });

  it.each([["{not json"], [""], ["undefined"]])("throws on invalid JSON %j", (raw) => {
    expect(() => parseStoredBasket(raw)).toThrow(SyntaxError);
  });

  it.each([
    ["an object", '{"id":"a"}'],
    ["null JSON", "null"],
    ["a string", '"basket"'],
    ["a non-object item", "[1]"],
    ["a missing id", '[{"name":"A","price":1}]'],
    ["a numeric id", '[{"id":1,"name":"A","price":1}]'],
    ["a missing name", '[{"id":"a","price":1}]'],
    ["a string price", '[{"id":"a","name":"A","price":"1"}]'],
    ["a null price", '[{"id":"a","name":"A","price":null}]'],
    ["a non-string baseCurrency", '[{"id":"a","name":"A","price":1,"baseCurrency":1}]'],
    ["a non-string emoji", '[{"id":"a","name":"A","price":1,"emoji":false}]'],
  ])("throws on a wrong shape: %s", (_label, raw) => {
    expect(() => parseStoredBasket(raw)).toThrow(Error);
  });

  it("throws on a non-finite price", () => {
    // JSON cannot encode Infinity, but 1e999 parses to it.
    expect(() => parseStoredBasket('[{"id":"a","name":"A","price":1e999}]')).toThrow(Error);
  });
});

describe("basketStateReducer", () => {
  it("starts empty, in GBP and not hydrated (matches the server render)", () => {
    expect(INITIAL_BASKET_STATE).toEqual({ items: [], currency: "GBP", hydrated: false });
  });

  it("hydrates items and currency in one step", () => {
    const next = basketStateReducer(INITIAL_BASKET_STATE, {
      type: "hydrate",
      items: [laptop],
      currency: "USD",
    });
    expect(next).toEqual({ items: [laptop], currency: "USD", hydrated: true });
  });

  it("keeps items added before hydration, after the stored ones", () => {
    const early: BasketState = { ...INITIAL_BASKET_STATE, items: [support, laptop] };
    const next = basketStateReducer(early, { type: "hydrate", items: [laptop], currency: "GBP" });
    expect(next.items).toEqual([laptop, support]);
  });

  it("sets the currency, returning the same state when unchanged", () => {
    const next = basketStateReducer(INITIAL_BASKET_STATE, { type: "setCurrency", currency: "JPY" });
    expect(next.currency).toBe("JPY");
    expect(basketStateReducer(next, { type: "setCurrency", currency: "JPY" })).toBe(next);
  });

  it("delegates item actions to basketReducer", () => {
    const added = basketStateReducer(INITIAL_BASKET_STATE, { type: "add", item: laptop });
    expect(added.items).toEqual([laptop]);
    expect(basketStateReducer(added, { type: "add", item: laptop })).toBe(added);
    expect(basketStateReducer(added, { type: "remove", id: "laptop" }).items).toEqual([]);
    expect(basketStateReducer(added, { type: "clear" }).items).toEqual([]);
    expect(basketStateReducer(added, { type: "replace", items: [support] }).items).toEqual([support]);
  });
});
