import { describe, expect, it } from "vitest";
import { understand } from "./question-understanding.server";

describe("understand: which attribute of a course", () => {
  it.each([
    ["what would the cloud course set me back, roughly what does it cost", "price"],
    ["how many days is the security course", "duration"],
    ["how many hours does the scrum class last", "duration"],
    ["would the react course suit a novice?", "level"],
    ["who's the tutor for the AWS class", "instructor"],
    ["what should I know before starting the DevOps training", "prerequisites"],
    ["are those prices ex VAT?", "vat"],
    ["what's on the syllabus of the ML course", "topics"],
    ["any upcoming dates for the cyber course?", "dates"],
    ["how can I enrol on the scrum course", "booking"],
  ])("%s → %s", (question, attribute) => {
    expect(understand(question).courseAttribute).toBe(attribute);
  });

  it("reads a currency as a question about price", () => {
    expect(understand("the AWS course in canadian dollars?")).toMatchObject({
      currency: "CAD",
      courseAttribute: "price",
    });
    expect(understand("what's that in US$").currency).toBe("USD");
    expect(understand("price in €").currency).toBe("EUR");
    expect(understand("How much in Aussie dollars").currency).toBe("AUD");
    expect(understand("How much in rupees").currency).toBe("INR");
    expect(understand("How much is it").currency).toBeUndefined();
  });

  it("finds superlatives", () => {
    expect(understand("what's your least expensive class").superlative).toBe("cheapest");
    expect(understand("which is the priciest course").superlative).toBe("dearest");
    expect(understand("the quickest course you run").superlative).toBe("shortest");
  });
});

describe("understand: topic, days and follow-ups", () => {
  it("tells course length from business hours", () => {
    expect(understand("how many hours is the AWS course")).toMatchObject({ aboutHours: false, aboutCourses: true });
    expect(understand("what are your hours on a weekday")).toMatchObject({ aboutHours: true, days: [1, 2, 3, 4, 5] });
    expect(understand("are you open at weekends").days).toEqual([6, 0]);
    expect(understand("do you close early on Thursdays?").days).toEqual([4]);
  });

  it("tells jobs and contact questions", () => {
    expect(understand("any internships going?").aboutJobs).toBe(true);
    expect(understand("where's the analyst role based").jobAttribute).toBe("location");
    expect(understand("can I ring you").contactAttribute).toBe("phone");
    expect(understand("when will I hear back about my enquiry").contactAttribute).toBe("replyTime");
    expect(understand("Do you build mobile apps?").contactAttribute).toBeUndefined();
  });

  it("knows when a message leans on the one before", () => {
    expect(understand("and the price?").followUp).toBe(true);
    expect(understand("is that one for beginners").followUp).toBe(true);
    expect(understand("what about the other one").other).toBe(true);
    expect(understand("Do you do cloud migrations").followUp).toBe(false);
  });

  it("reads the question in the site's words when given the search's reading", () => {
    const inSiteWords = (text: string) => text.replace("hw", "how");
    expect(understand("hw long is the course", inSiteWords).courseAttribute).toBe("duration");
  });
});
