import { describe, expect, it } from "vitest";
import { understand } from "../question-understanding.server";
import type { SiteKnowledge } from "../site-documents.server";
import { answerContact, daysOfHoursLine } from "./contact.server";

const KNOWLEDGE = {
  companyName: "Acme",
  contact: {
    emails: ["hello@acme.example"],
    phones: ["020 7000 0000"],
    offices: ["United Kingdom: 1 High Street, London", "United States: 2 Main Street, Boston, MA, USA"],
    hours: ["Mon-Fri 9:00-18:00", "Sat 10:00-16:00", "Sunday closed"],
  },
} as SiteKnowledge;

const ask = (question: string) => answerContact(KNOWLEDGE, understand(question)).text;

describe("daysOfHoursLine", () => {
  it("reads ranges and single days", () => {
    expect(daysOfHoursLine("Mon-Fri 9:00-18:00")).toEqual([1, 2, 3, 4, 5]);
    expect(daysOfHoursLine("Monday to Thursday 8-17")).toEqual([1, 2, 3, 4]);
    expect(daysOfHoursLine("Sat 10:00-16:00")).toEqual([6]);
    expect(daysOfHoursLine("Sunday closed")).toEqual([0]);
  });
});

describe("answerContact", () => {
  it("gives the named day's hours only", () => {
    expect(ask("what time do you shut on a wednesday")).toContain("Mon-Fri 9:00-18:00");
    expect(ask("what time do you shut on a wednesday")).not.toContain("Sat 10:00");
    expect(ask("open sundays?")).toContain("Sunday closed");
    expect(ask("what are your opening times")).toContain("- Sat 10:00-16:00");
  });

  it("gives what is asked: a phone number, an e-mail address, an office", () => {
    expect(ask("can I ring you")).toContain("[020 7000 0000](tel:02070000000)");
    expect(ask("can I ring you")).not.toContain("@");
    expect(ask("what's your email address")).toContain("hello@acme.example");
    expect(ask("Is there an office in America?")).toContain("Boston");
    expect(ask("Is there an office in America?")).not.toContain("High Street");
    expect(ask("do you have an office in Paris?")).toMatch(/no office there/);
  });

  it("gives the other offices when asked for those outside a place", () => {
    const outsideLondon = ask("do you have offices outside london?");
    expect(outsideLondon).toMatch(/^Yes, our other office is:/);
    expect(outsideLondon).toContain("Boston");
    expect(outsideLondon).not.toContain("High Street");
    expect(ask("any offices apart from the US one")).toContain("High Street");
  });

  it("gives the whole card when asked how to get in touch", () => {
    const card = ask("how can I contact you");
    expect(card).toContain("E-mail:");
    expect(card).toContain("Phone:");
    expect(card).toContain("(/contact)");
  });
});
