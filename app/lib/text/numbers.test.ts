import { describe, expect, it } from "vitest";
import { formatNumber } from "./numbers";
import { SITE_LOCALE } from "../site/site-locale";

const intl = (value: number, maximumFractionDigits: number, minimumFractionDigits: number) =>
  new Intl.NumberFormat(SITE_LOCALE, { minimumFractionDigits, maximumFractionDigits }).format(value);

/** The digit settings the site uses: counts, prices with pence, sizes with one decimal, rates. */
const DIGITS = [
  [0, 0],
  [2, 2],
  [1, 0],
  [6, 0],
  [3, 1],
] as const;

/** A seeded sequence, so a failure names a value that fails again. */
function* numbers(count: number): Generator<number> {
  let seed = 20261127;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < count; i++) {
    const magnitude = 10 ** Math.floor(next() * 13 - 4);
    const value = next() * magnitude;
    // Every fourth value sits exactly on a half at some number of decimals.
    const onHalf = i % 4 === 0 ? (Math.floor(value * 100) + 0.5) / 100 : value;
    yield i % 3 === 0 ? -onHalf : onHalf;
  }
}

describe("formatNumber", () => {
  it("writes what Intl writes for en-GB, for 5,000 values at each digit setting the site uses", () => {
    for (const [maximum, minimum] of DIGITS) {
      for (const value of numbers(5000)) {
        expect(formatNumber(value, maximum, minimum), `${value} (${maximum}, ${minimum})`).toBe(
          intl(value, maximum, minimum),
        );
      }
    }
  });

  it.each([
    [1247, 0, 0, "1,247"],
    [1299.5, 2, 2, "1,299.50"],
    [1.005, 2, 2, "1.01"],
    [2.5, 0, 0, "3"],
    [-2.5, 0, 0, "-3"],
    [-0, 0, 0, "-0"],
    [-0.4, 0, 0, "-0"],
    [0.0000001, 2, 0, "0"],
    [123456789.125, 2, 2, "123,456,789.13"],
    [2, 1, 0, "2"],
    [1e21, 0, 0, "1,000,000,000,000,000,000,000"],
    [Number.NaN, 0, 0, "NaN"],
  ])("%s to %s–%s decimals is %s, as Intl writes it", (value, maximum, minimum, text) => {
    expect(formatNumber(value, maximum, minimum)).toBe(text);
    expect(intl(value, maximum, minimum)).toBe(text);
  });
});
