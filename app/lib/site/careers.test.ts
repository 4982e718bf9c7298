import { describe, expect, it } from "vitest";
import { applyPath, careerIdPrefix, careerPath } from "./careers";

const career = { id: "3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f", title: "Senior Cloud Engineer (AWS)" };

describe("career addresses", () => {
  it("are the title as a slug and the id's first eight hex digits", () => {
    expect(careerPath(career)).toBe("/careers/senior-cloud-engineer-aws-3f2a9c1e");
  });

  it("give back the id prefix, whatever the title part says", () => {
    expect(careerIdPrefix("senior-cloud-engineer-aws-3f2a9c1e")).toBe("3f2a9c1e");
    expect(careerIdPrefix("an-old-title-3f2a9c1e")).toBe("3f2a9c1e");
    expect(careerIdPrefix("3f2a9c1e")).toBe("3f2a9c1e");
  });

  it("refuse parameters that cannot name an opening", () => {
    for (const param of [
      undefined,
      "",
      "senior-cloud-engineer",
      "x-3F2A9C1E",
      "x-3f2a9c1",
      "../etc-3f2a9c1e",
      "a--b-3f2a9c1e",
    ]) {
      expect(careerIdPrefix(param), String(param)).toBeNull();
    }
  });

  it("Apply Now leads to the contact form with the job's title", () => {
    expect(applyPath("Full-Stack Developer (React/Node)")).toBe("/contact?job=Full-Stack+Developer+%28React%2FNode%29");
  });
});
