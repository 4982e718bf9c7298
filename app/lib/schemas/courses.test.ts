/**
 * The CMS Courses form's rules (courses.ts): required fields, prices in pounds (positive, at most
 * two decimals, the original price never below the price), rating 0–5, students a whole number,
 * features one per line, and the Active switch.
 */
import { describe, expect, it } from "vitest";
import { COURSE_LIMITS, courseFormSchema, courseIdSchema, featuresToText } from "./courses";

const valid = {
  name: "AWS Solutions Architect",
  description: "Design resilient architectures on AWS.",
  duration: "40 hours",
  level: "Intermediate",
  price: "1299",
};

/** The messages of a refused form, by field. */
function messages(input: Record<string, string | undefined>): Record<string, string[]> {
  const result = courseFormSchema.safeParse(input);
  expect(result.success, "the form should be refused").toBe(false);
  const byField: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0]);
    (byField[field] ??= []).push(issue.message);
  }
  return byField;
}

describe("courseFormSchema: required fields", () => {
  it("accepts the five required fields alone and fills in the rest", () => {
    expect(courseFormSchema.parse(valid)).toEqual({
      name: "AWS Solutions Architect",
      description: "Design resilient architectures on AWS.",
      duration: "40 hours",
      level: "Intermediate",
      price: 1299,
      originalPrice: null,
      rating: null,
      students: 0,
      emoji: "",
      features: [],
      instructor: null,
      lastUpdated: null,
      isActive: true,
    });
  });

  it("names every missing required field", () => {
    expect(messages({})).toEqual({
      name: ["Name is required"],
      description: ["Description is required"],
      duration: ["Duration is required"],
      level: ["Level is required"],
      price: ["Price is required"],
    });
  });

  it("treats a value of spaces as missing and trims the others", () => {
    expect(messages({ ...valid, name: "   ", level: "\n\t" })).toEqual({
      name: ["Name is required"],
      level: ["Level is required"],
    });
    const parsed = courseFormSchema.parse({ ...valid, name: "  Padded  ", instructor: "  Ada  ", lastUpdated: " " });
    expect(parsed).toMatchObject({ name: "Padded", instructor: "Ada", lastUpdated: null });
  });

  it("refuses over-long text with the limit in the message", () => {
    expect(messages({ ...valid, name: "x".repeat(COURSE_LIMITS.name + 1) })).toEqual({
      name: [`Name must be at most ${COURSE_LIMITS.name} characters`],
    });
    expect(courseFormSchema.safeParse({ ...valid, name: "x".repeat(COURSE_LIMITS.name) }).success).toBe(true);
  });
});

describe("courseFormSchema: price", () => {
  it.each([
    ["1299", 1299],
    ["1299.5", 1299.5],
    ["£1,299.50", 1299.5],
    [" 899 ", 899],
    ["0.01", 0.01],
    ["0.1", 0.1],
    [".5", 0.5],
    ["1000000", 1_000_000],
  ])("accepts %j as %d pounds", (price, pounds) => {
    expect(courseFormSchema.parse({ ...valid, price }).price).toBe(pounds);
  });

  it.each([
    ["", "Price is required"],
    ["  ", "Price is required"],
    ["0", "Price must be greater than 0"],
    ["0.00", "Price must be greater than 0"],
    ["-5", "Price must be greater than 0"],
    ["12.345", "Price can have at most two decimal places"],
    ["1.005", "Price can have at most two decimal places"],
    ["abc", "Price must be a number"],
    ["12abc", "Price must be a number"],
    ["1e3", "Price must be a number"],
    ["Infinity", "Price must be a number"],
    ["0x10", "Price must be a number"],
    ["$100", "Price must be a number"],
    ["1000000.01", "Price must be at most 1,000,000"],
  ])("refuses %j: %s", (price, message) => {
    expect(messages({ ...valid, price })).toEqual({ price: [message] });
  });
});

describe("courseFormSchema: original price", () => {
  it("is optional: empty means none", () => {
    expect(courseFormSchema.parse({ ...valid, originalPrice: "" }).originalPrice).toBeNull();
    expect(courseFormSchema.parse({ ...valid, originalPrice: "   " }).originalPrice).toBeNull();
  });

  it("may equal or exceed the price, written like a price", () => {
    expect(courseFormSchema.parse({ ...valid, originalPrice: "1299" }).originalPrice).toBe(1299);
    expect(courseFormSchema.parse({ ...valid, originalPrice: "£1,599.99" }).originalPrice).toBe(1599.99);
  });

  it("cannot be lower than the price", () => {
    expect(messages({ ...valid, originalPrice: "1298.99" })).toEqual({
      originalPrice: ["Original price cannot be lower than the price"],
    });
    expect(messages({ ...valid, price: "£1,299.50", originalPrice: "1299.49" })).toEqual({
      originalPrice: ["Original price cannot be lower than the price"],
    });
  });

  it.each([
    ["0", "Original price must be greater than 0"],
    ["-1599", "Original price must be greater than 0"],
    ["1599.999", "Original price can have at most two decimal places"],
    ["a lot", "Original price must be a number"],
  ])("refuses %j: %s", (originalPrice, message) => {
    expect(messages({ ...valid, originalPrice })).toEqual({ originalPrice: [message] });
  });
});

describe("courseFormSchema: rating and students", () => {
  it("takes a rating from 0 to 5 with one decimal, or none", () => {
    for (const [rating, value] of [
      ["0", 0],
      ["4.8", 4.8],
      ["5", 5],
      ["", null],
    ] as const) {
      expect(courseFormSchema.parse({ ...valid, rating }).rating, rating).toBe(value);
    }
  });

  it.each([
    ["-0.1", "Rating must be between 0 and 5"],
    ["5.1", "Rating must be between 0 and 5"],
    ["4.75", "Rating can have one decimal place"],
    ["great", "Rating must be a number"],
  ])("refuses the rating %j: %s", (rating, message) => {
    expect(messages({ ...valid, rating })).toEqual({ rating: [message] });
  });

  it("takes students as a whole number of at least 0, with thousands separators; empty is 0", () => {
    expect(courseFormSchema.parse({ ...valid, students: "1,247" }).students).toBe(1247);
    expect(courseFormSchema.parse({ ...valid, students: "0" }).students).toBe(0);
    expect(courseFormSchema.parse({ ...valid, students: "" }).students).toBe(0);
  });

  it.each([
    ["-1", "Students cannot be negative"],
    ["12.5", "Students must be a whole number"],
    ["many", "Students must be a whole number"],
    ["20000000", "Students is too large"],
  ])("refuses the students %j: %s", (students, message) => {
    expect(messages({ ...valid, students })).toEqual({ students: [message] });
  });
});

describe("courseFormSchema: features, emoji and the Active switch", () => {
  it("splits features on line breaks, trimmed, with empty lines dropped", () => {
    const parsed = courseFormSchema.parse({
      ...valid,
      features: "  VPC design \n\nIAM policies\r\n   \r\nCost control  ",
    });
    expect(parsed.features).toEqual(["VPC design", "IAM policies", "Cost control"]);
  });

  it("shows features one per line, so editing gives back the same list", () => {
    const features = ["VPC design", "IAM policies", "Cost control"];
    expect(featuresToText(features)).toBe("VPC design\nIAM policies\nCost control");
    expect(courseFormSchema.parse({ ...valid, features: featuresToText(features) }).features).toEqual(features);
    expect(featuresToText([])).toBe("");
  });

  it("limits the number and length of features", () => {
    const tooMany = Array.from({ length: COURSE_LIMITS.features + 1 }, (_, index) => `Feature ${index}`).join("\n");
    expect(messages({ ...valid, features: tooMany })).toEqual({
      features: [`At most ${COURSE_LIMITS.features} features`],
    });
    expect(messages({ ...valid, features: "x".repeat(COURSE_LIMITS.feature + 1) })).toEqual({
      features: [`Each feature must be at most ${COURSE_LIMITS.feature} characters`],
    });
  });

  it("keeps the emoji, trimmed", () => {
    expect(courseFormSchema.parse({ ...valid, emoji: " ☁️ " }).emoji).toBe("☁️");
  });

  it("reads the Active switch: active unless it says false", () => {
    expect(courseFormSchema.parse({ ...valid, isActive: "false" }).isActive).toBe(false);
    expect(courseFormSchema.parse({ ...valid, isActive: "true" }).isActive).toBe(true);
    expect(courseFormSchema.parse({ ...valid, isActive: "on" }).isActive).toBe(true);
    expect(courseFormSchema.parse(valid).isActive).toBe(true);
    expect(courseFormSchema.safeParse({ ...valid, isActive: "maybe" }).success).toBe(false);
  });
});

describe("courseIdSchema", () => {
  it("accepts a UUID and refuses anything else", () => {
    expect(courseIdSchema.safeParse({ id: "3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f" }).success).toBe(true);
    for (const id of ["", "new", "1", "3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6"]) {
      expect(courseIdSchema.safeParse({ id }).error?.issues[0]?.message, id).toBe("Course not found");
    }
  });
});
