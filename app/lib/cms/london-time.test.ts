import { describe, expect, it } from "vitest";
import { fromLondonWallClock, toLondonWallClock } from "./london-time";

describe("London wall-clock times", () => {
  it("reads a winter time as GMT and a summer time as BST", () => {
    expect(fromLondonWallClock("2026-01-15T09:00")?.toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(fromLondonWallClock("2026-07-15T09:00")?.toISOString()).toBe("2026-07-15T08:00:00.000Z");
  });

  it("is right on both sides of the spring clock change (29 March 2026, 01:00 GMT becomes 02:00 BST)", () => {
    expect(fromLondonWallClock("2026-03-29T00:59")?.toISOString()).toBe("2026-03-29T00:59:00.000Z");
    expect(fromLondonWallClock("2026-03-29T03:00")?.toISOString()).toBe("2026-03-29T02:00:00.000Z");
    // 01:30 never happens in London that night.
    expect(fromLondonWallClock("2026-03-29T01:30")).toBeNull();
  });

  it("is right on both sides of the autumn clock change (25 October 2026, 02:00 BST becomes 01:00 GMT)", () => {
    expect(fromLondonWallClock("2026-10-25T00:30")?.toISOString()).toBe("2026-10-24T23:30:00.000Z");
    // 01:30 happens twice; the first (BST) is meant.
    expect(fromLondonWallClock("2026-10-25T01:30")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(fromLondonWallClock("2026-10-25T02:30")?.toISOString()).toBe("2026-10-25T02:30:00.000Z");
  });

  it("writes an instant back as London's wall clock, whatever the server's zone", () => {
    expect(toLondonWallClock(new Date("2026-07-15T08:00:00Z"))).toBe("2026-07-15T09:00");
    expect(toLondonWallClock(new Date("2026-01-15T09:00:00Z"))).toBe("2026-01-15T09:00");
    expect(toLondonWallClock(new Date("2026-10-25T01:30:00Z"))).toBe("2026-10-25T01:30");
  });

  it("takes seconds when the field sends them", () => {
    expect(fromLondonWallClock("2026-07-15T09:00:30")?.toISOString()).toBe("2026-07-15T08:00:30.000Z");
  });

  it("refuses text that is not a date and time", () => {
    for (const value of [
      "",
      "tomorrow",
      "2026-02-30T09:00",
      "2026-01-01T24:00",
      "2026-01-01 09:00",
      "2026-01-01T09:00:60",
    ]) {
      expect(fromLondonWallClock(value)).toBeNull();
    }
  });
});
