// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BASKET_CURRENCIES,
  DEFAULT_CURRENCY,
  GBP_RATES,
  SUPPORTED_CURRENCIES,
  basketTotal,
  convertPrice,
  currencyForLanguage,
  detectDefaultCurrency,
  exchangeRateSettingKey,
  formatPrice,
  isCurrencyCode,
  minorUnitDigits,
  rateFromGbp,
  ratesFromSettings,
  toMinorUnits,
} from "./currency";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("currency lists", () => {
  it("supports every currency with a rate, plus GBP", () => {
    expect([...SUPPORTED_CURRENCIES].sort()).toEqual([
      "AUD",
      "BRL",
      "CAD",
      "CNY",
      "EUR",
      "GBP",
      "INR",
      "JPY",
      "RUB",
      "USD",
    ]);
    expect(DEFAULT_CURRENCY).toBe("GBP");
  });

  it("offers GBP, USD, EUR, CAD, AUD and JPY on the basket page", () => {
    expect(BASKET_CURRENCIES).toEqual(["GBP", "USD", "EUR", "CAD", "AUD", "JPY"]);
  });

  it("has a usable rate from GBP for every supported currency", () => {
    for (const code of SUPPORTED_CURRENCIES) {
      const rate = rateFromGbp(code);
      expect(rate, code).toBeGreaterThan(0);
      expect(Number.isFinite(rate), code).toBe(true);
    }
    expect(rateFromGbp("GBP")).toBe(1);
  });
});

describe("isCurrencyCode", () => {
  it.each(["GBP", "USD", "JPY", "INR"])("accepts %s", (code) => {
    expect(isCurrencyCode(code)).toBe(true);
  });

  it.each([["CHF"], ["gbp"], [""], ["constructor"], [null], [undefined], [42]])("rejects %j", (value) => {
    expect(isCurrencyCode(value)).toBe(false);
  });
});

describe("currencyForLanguage", () => {
  it.each([
    ["en-US", "USD"],
    ["en-GB", "GBP"],
    ["en-CA", "CAD"],
    ["fr-FR", "EUR"],
    ["de-DE", "EUR"],
    ["es-ES", "EUR"],
    ["it-IT", "EUR"],
    ["ja-JP", "JPY"],
    ["zh-CN", "CNY"],
    ["ru-RU", "RUB"],
    ["pt-BR", "BRL"],
    ["en-AU", "AUD"],
  ])("maps %s to %s", (language, currency) => {
    expect(currencyForLanguage(language)).toBe(currency);
  });

  it.each([["en"], ["fr-CA"], ["en-IN"], ["de-AT"], ["EN-US"], [""], ["constructor"], [null], [undefined]])(
    "falls back to GBP for %j",
    (language) => {
      expect(currencyForLanguage(language)).toBe("GBP");
    },
  );
});

describe("detectDefaultCurrency", () => {
  it("uses the given navigator's language", () => {
    expect(detectDefaultCurrency({ language: "ja-JP" })).toBe("JPY");
    expect(detectDefaultCurrency({ language: "nl-NL" })).toBe("GBP");
    expect(detectDefaultCurrency({})).toBe("GBP");
  });

  it("returns GBP when reading the language throws", () => {
    const nav = {
      get language(): string {
        throw new Error("blocked");
      },
    };
    expect(detectDefaultCurrency(nav)).toBe("GBP");
  });

  it("returns GBP on the server (no window)", () => {
    expect(typeof window).toBe("undefined");
    expect(detectDefaultCurrency()).toBe("GBP");
  });

  it("reads window.navigator in a browser", () => {
    vi.stubGlobal("window", { navigator: { language: "en-CA" } });
    expect(detectDefaultCurrency()).toBe("CAD");
  });

  it("returns GBP when window.navigator throws", () => {
    vi.stubGlobal("window", {
      get navigator(): never {
        throw new Error("blocked");
      },
    });
    expect(detectDefaultCurrency()).toBe("GBP");
  });
});

describe("convertPrice", () => {
  // 1299 × rate, rounded: e.g. 1299 × 192.76 = 250,395.24 → 250,395.
  it.each([
    ["USD", 1663], // 1662.72
    ["EUR", 1533], // 1532.82
    ["CAD", 2260], // 2260.26
    ["AUD", 2507], // 2507.07
    ["JPY", 250395], // 250395.24
    ["CNY", 12068], // 12067.71
    ["RUB", 149801], // 149800.68
    ["BRL", 9119], // 9118.98
    ["INR", 138279], // 138278.55
  ])("converts 1299 GBP to %s as %i", (to, expected) => {
    expect(convertPrice(1299, "GBP", to)).toBe(expected);
  });

  it("divides by the rate when converting to GBP", () => {
    expect(convertPrice(1663, "USD", "GBP")).toBe(1299); // 1299.21875
    expect(convertPrice(250395, "JPY", "GBP")).toBe(1299); // 1298.998…
  });

  it("goes through GBP between two other currencies, rounding once", () => {
    expect(convertPrice(100, "USD", "EUR")).toBe(92); // 100 / 1.28 × 1.18 = 92.1875
    expect(convertPrice(1000, "USD", "JPY")).toBe(150594); // 150593.75
    expect(convertPrice(128, "USD", "EUR")).toBe(118);
  });

  it("leaves the price unchanged for the same currency", () => {
    expect(convertPrice(1299, "GBP", "GBP")).toBe(1299);
    expect(convertPrice(12.5, "USD", "USD")).toBe(12.5);
    expect(convertPrice(99.99, "CHF", "CHF")).toBe(99.99);
  });

  it("leaves the price unchanged (not rounded) for an unknown pair", () => {
    expect(convertPrice(1234.5, "GBP", "CHF")).toBe(1234.5);
    expect(convertPrice(1234.5, "CHF", "GBP")).toBe(1234.5);
    expect(convertPrice(1234.5, "CHF", "USD")).toBe(1234.5);
    expect(convertPrice(1234.5, "GBP", "constructor")).toBe(1234.5);
  });

  it("accepts a custom rate table (e.g. from the database)", () => {
    const rates = { USD: 2, CHF: 1.1 };
    expect(convertPrice(100, "GBP", "USD", rates)).toBe(200);
    expect(convertPrice(100, "GBP", "CHF", rates)).toBe(110);
    expect(convertPrice(200, "USD", "CHF", rates)).toBe(110);
    // Missing from the custom table → unknown pair, even if GBP_RATES has it.
    expect(convertPrice(100, "GBP", "EUR", rates)).toBe(100);
  });

  it("treats unusable rates as unknown", () => {
    const rates = { USD: 0, EUR: -1.18, CAD: Number.NaN, AUD: Number.POSITIVE_INFINITY };
    for (const to of ["USD", "EUR", "CAD", "AUD"]) {
      expect(convertPrice(100, "GBP", to, rates)).toBe(100);
    }
  });
});

describe("formatPrice", () => {
  it("prefixes the symbol and groups thousands", () => {
    expect(formatPrice(1299, "GBP")).toBe("£1,299");
    expect(formatPrice(250401, "JPY")).toBe("¥250,401");
    expect(formatPrice(2260, "CAD")).toBe("CA$2,260");
    expect(formatPrice(1234567, "USD")).toBe("$1,234,567");
    expect(formatPrice(999, "EUR")).toBe("€999");
    expect(formatPrice(0, "AUD")).toBe("A$0");
  });

  it.each([
    ["USD", "$"],
    ["GBP", "£"],
    ["EUR", "€"],
    ["CAD", "CA$"],
    ["AUD", "A$"],
    ["JPY", "¥"],
    ["CNY", "¥"],
    ["RUB", "₽"],
    ["BRL", "R$"],
    ["INR", "₹"],
  ])("shows %s with the symbol %s", (code, symbol) => {
    expect(formatPrice(100, code)).toBe(`${symbol}100`);
  });

  it("uses the code and a space for currencies without a symbol", () => {
    expect(formatPrice(100, "CHF")).toBe("CHF 100");
    expect(formatPrice(12345, "CHF")).toBe("CHF 12,345");
    // An inherited property name is no symbol.
    expect(formatPrice(100, "toString")).toBe("toString 100");
  });

  it("shows pence only when the amount has them, as the checkout charges them", () => {
    expect(formatPrice(1299.5, "GBP")).toBe("£1,299.50");
    expect(formatPrice(1299.49, "GBP")).toBe("£1,299.49");
    expect(formatPrice(1299.001, "GBP")).toBe("£1,299");
    expect(formatPrice(1299.996, "GBP")).toBe("£1,300");
  });

  it("never shows a fraction of a yen", () => {
    expect(formatPrice(250395.4, "JPY")).toBe("¥250,395");
  });

  it("puts the sign before the symbol and never shows -0", () => {
    expect(formatPrice(-1299, "GBP")).toBe("-£1,299");
    expect(formatPrice(-0.4, "GBP")).toBe("-£0.40");
    expect(formatPrice(-0.001, "GBP")).toBe("£0");
  });
});

describe("basketTotal", () => {
  const items = [
    { price: 1299, baseCurrency: "GBP" },
    { price: 999 }, // base currency defaults to GBP
    { price: 50, baseCurrency: "USD" },
  ];

  it("sums individually rounded conversions", () => {
    // 1663 (1662.72) + 1279 (1278.72) + 50 = 2992; rounding the raw sum would give 2991.
    expect(basketTotal(items, "USD")).toBe(2992);
  });

  it("totals in GBP", () => {
    // 1299 + 999 + 39 (50 / 1.28 = 39.0625)
    expect(basketTotal(items, "GBP")).toBe(2337);
  });

  it("is 0 for an empty basket", () => {
    expect(basketTotal([], "JPY")).toBe(0);
  });

  it("keeps unknown-currency items unconverted", () => {
    expect(basketTotal([{ price: 100, baseCurrency: "CHF" }, { price: 10 }], "USD")).toBe(113); // 100 + 12.8→13
  });

  it("uses a custom rate table", () => {
    expect(basketTotal(items, "USD", { USD: 2 })).toBe(2598 + 1998 + 50);
  });
});

describe("ratesFromSettings", () => {
  it("keys each rate by its setting, exchange_rate_<code>", () => {
    expect(exchangeRateSettingKey("USD")).toBe("exchange_rate_usd");
    expect(exchangeRateSettingKey("JPY")).toBe("exchange_rate_jpy");
  });

  it("gives the fixed rates of SPEC.md section 9 when no setting says otherwise", () => {
    expect(ratesFromSettings({})).toEqual(GBP_RATES);
  });

  it("takes an administrator's rate from the settings", () => {
    const rates = ratesFromSettings({ exchange_rate_usd: "1.31", exchange_rate_jpy: " 200.5 " });
    expect(rates.USD).toBe(1.31);
    expect(rates.JPY).toBe(200.5);
    expect(rates.EUR).toBe(1.18);
    expect(convertPrice(1299, "GBP", "USD", rates)).toBe(1702);
  });

  it.each(["", "abc", "0", "-1.2", "Infinity", "1,28"])("keeps the fixed rate when the setting is %j", (value) => {
    expect(ratesFromSettings({ exchange_rate_usd: value }).USD).toBe(1.28);
  });

  it("ignores settings for currencies without a rate and for GBP itself", () => {
    const rates = ratesFromSettings({ exchange_rate_gbp: "2", exchange_rate_chf: "1.1" });
    expect(rates).toEqual(GBP_RATES);
    expect(rateFromGbp("GBP", rates)).toBe(1);
    expect(rateFromGbp("CHF", rates)).toBeUndefined();
  });
});

describe("minor units (what a payment provider is sent)", () => {
  it("has two decimal places for every currency offered except JPY, which has none", () => {
    for (const code of BASKET_CURRENCIES) expect(minorUnitDigits(code)).toBe(code === "JPY" ? 0 : 2);
  });

  it("turns pounds into pence and yen into yen", () => {
    expect(toMinorUnits(1299, "GBP")).toBe(129900);
    expect(toMinorUnits(1299.5, "GBP")).toBe(129950);
    expect(toMinorUnits(250395, "JPY")).toBe(250395);
    expect(toMinorUnits(1663, "USD")).toBe(166300);
  });

  it("rounds away floating-point noise", () => {
    expect(toMinorUnits(1299.1, "GBP")).toBe(129910);
    expect(toMinorUnits(0.29, "EUR")).toBe(29);
  });
});
