import { describe, expect, it } from "vitest";
import { BUILT_IN_COURSES } from "~/content/training-courses";
import {
  courseSaving,
  durationToIso8601,
  featurePreview,
  formatRating,
  moreTopicsLabel,
  ratingLabel,
  studentCountLabel,
} from "./training";

describe("courseSaving", () => {
  it("is the original price minus the price", () => {
    expect(courseSaving(1299, 1599)).toBe(300);
    expect(courseSaving(999.5, 1299)).toBe(299.5);
    // No floating-point noise from prices kept to the penny.
    expect(courseSaving(1299.1, 1599)).toBe(299.9);
  });

  it("is null when there is no original price, or it is not above the price", () => {
    expect(courseSaving(1299, null)).toBeNull();
    expect(courseSaving(1299, undefined)).toBeNull();
    expect(courseSaving(1299, 1299)).toBeNull();
    expect(courseSaving(1299, 999)).toBeNull();
    expect(courseSaving(1299, Number.NaN)).toBeNull();
  });

  it("gives the built-in catalogue the savings of SPEC.md section 9", () => {
    expect(BUILT_IN_COURSES.map((course) => courseSaving(course.price, course.originalPrice))).toEqual([
      300, 400, 300, 400, 300, 500,
    ]);
  });
});

describe("featurePreview and moreTopicsLabel", () => {
  const features = ["A", "B", "C", "D", "E", "F", "G"];

  it("shows the first three features and counts the rest", () => {
    expect(featurePreview(features)).toEqual({ shown: ["A", "B", "C"], hiddenCount: 4 });
    expect(moreTopicsLabel(4)).toBe("+4 more topics");
  });

  it("shows everything, with no label, when there are three or fewer", () => {
    expect(featurePreview(["A", "B", "C"])).toEqual({ shown: ["A", "B", "C"], hiddenCount: 0 });
    expect(featurePreview([])).toEqual({ shown: [], hiddenCount: 0 });
    expect(moreTopicsLabel(0)).toBe("");
  });

  it("speaks of one topic in the singular", () => {
    expect(featurePreview(["A", "B", "C", "D"]).hiddenCount).toBe(1);
    expect(moreTopicsLabel(1)).toBe("+1 more topic");
  });
});

describe("studentCountLabel", () => {
  it("separates thousands with commas", () => {
    expect(studentCountLabel(1247)).toBe("1,247 students");
    expect(studentCountLabel(1234567)).toBe("1,234,567 students");
    expect(studentCountLabel(642)).toBe("642 students");
  });

  it("uses the singular for one student and never shows a negative count", () => {
    expect(studentCountLabel(1)).toBe("1 student");
    expect(studentCountLabel(0)).toBe("0 students");
    expect(studentCountLabel(-3)).toBe("0 students");
  });
});

describe("ratings", () => {
  it("prints one decimal place and reads as a sentence for screen readers", () => {
    expect(formatRating(4.8)).toBe("4.8");
    expect(formatRating(5)).toBe("5.0");
    expect(ratingLabel(4.8)).toBe("Rated 4.8 out of 5");
  });
});

describe("durationToIso8601", () => {
  it("turns a number and a unit into an ISO 8601 duration", () => {
    expect(durationToIso8601("40 hours")).toBe("PT40H");
    expect(durationToIso8601("1 hour")).toBe("PT1H");
    expect(durationToIso8601("1.5 hours")).toBe("PT1.5H");
    expect(durationToIso8601("90 minutes")).toBe("PT90M");
    expect(durationToIso8601("3 days")).toBe("P3D");
    expect(durationToIso8601("6 Weeks")).toBe("P6W");
    expect(durationToIso8601("2 months")).toBe("P2M");
  });

  it("claims nothing for text it cannot read exactly", () => {
    for (const text of ["Self-paced", "3 days + exam", "", "0 hours", "40", "forty hours", "12 fortnights"]) {
      expect(durationToIso8601(text), text).toBeUndefined();
    }
  });
});
