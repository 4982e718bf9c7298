import { describe, expect, it } from "vitest";
import { siteIdentityFromSettings } from "./site-identity";
import { articleJsonLd, breadcrumbListJsonLd, faqPageJsonLd, organizationJsonLd } from "./structured-data";
import { courseListJsonLd, type CourseListEntry } from "./course-structured-data";
import { courseAnchor } from "./training";

const publicUrl = "https://www.example.com";

describe("structured data", () => {
  it("describes the organisation from its settings, leaving out what is not set", () => {
    const identity = siteIdentityFromSettings({
      company_name: "Acme Digital",
      contact_email: "hello@acme.example",
      social_linkedin_url: "https://www.linkedin.com/company/acme",
    });
    expect(organizationJsonLd(identity, publicUrl, "/favicon.svg")).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Acme Digital",
      url: "https://www.example.com/",
      logo: "https://www.example.com/favicon.svg",
      email: "hello@acme.example",
      foundingDate: "2008",
      sameAs: ["https://www.linkedin.com/company/acme"],
    });
  });

  it("turns FAQ items into questions with accepted answers", () => {
    const faq = faqPageJsonLd([{ question: "How long?", answer: "Six weeks." }]);
    expect(faq["@type"]).toBe("FAQPage");
    expect(faq.mainEntity).toEqual([
      { "@type": "Question", name: "How long?", acceptedAnswer: { "@type": "Answer", text: "Six weeks." } },
    ]);
  });

  it("numbers breadcrumb entries from 1 with absolute addresses", () => {
    const list = breadcrumbListJsonLd(
      [
        { label: "Home", href: "/" },
        { label: "AI Solutions", href: "/ai" },
        { label: "Computer Vision", href: "/ai/computer-vision" },
      ],
      publicUrl,
    );
    expect(list.itemListElement.map((item) => [item.position, item.name, item.item])).toEqual([
      [1, "Home", "https://www.example.com/"],
      [2, "AI Solutions", "https://www.example.com/ai"],
      [3, "Computer Vision", "https://www.example.com/ai/computer-vision"],
    ]);
  });

  it("describes a case study as an article published by the company", () => {
    const article = articleJsonLd(
      {
        headline: "A migration",
        description: "How.",
        path: "/case-studies/x",
        published: "2025-03-18",
        imagePath: "/images/share.png",
      },
      { name: "Acme Digital", logoPath: "/favicon.svg" },
      publicUrl,
    );
    expect(article).toMatchObject({
      "@type": "Article",
      headline: "A migration",
      datePublished: "2025-03-18",
      url: "https://www.example.com/case-studies/x",
      image: "https://www.example.com/images/share.png",
      publisher: { name: "Acme Digital", logo: { url: "https://www.example.com/favicon.svg" } },
    });
  });

  describe("the training catalogue", () => {
    const courses: CourseListEntry[] = [
      {
        id: "c1",
        name: "Cyber Security Fundamentals",
        description: "A practical introduction.",
        price: 999,
        level: "Beginner",
        duration: "32 hours",
        features: ["Threats", "Firewalls"],
      },
      {
        id: "c2",
        name: "Agile Delivery",
        description: "Run delivery teams.",
        price: 899.5,
        level: "",
        duration: "Self-paced",
        features: [],
      },
    ];
    const list = courseListJsonLd(
      courses,
      { path: "/training", courseMode: "Blended" },
      { name: "Acme Digital" },
      publicUrl,
    );

    it("is an ItemList of Course items, numbered from 1 in the page's order", () => {
      expect(list["@context"]).toBe("https://schema.org");
      expect(list["@type"]).toBe("ItemList");
      expect(list.itemListElement.map((entry) => [entry["@type"], entry.position, entry.item["@type"]])).toEqual([
        ["ListItem", 1, "Course"],
        ["ListItem", 2, "Course"],
      ]);
    });

    it("gives each course its card's address, the provider and a paid offer in pounds", () => {
      expect(list.itemListElement[0]!.item).toEqual({
        "@type": "Course",
        url: `https://www.example.com/training#${courseAnchor("c1")}`,
        name: "Cyber Security Fundamentals",
        description: "A practical introduction.",
        provider: { "@type": "Organization", name: "Acme Digital", url: "https://www.example.com/" },
        educationalLevel: "Beginner",
        teaches: ["Threats", "Firewalls"],
        offers: { "@type": "Offer", category: "Paid", price: 999, priceCurrency: "GBP" },
        hasCourseInstance: { "@type": "CourseInstance", courseMode: "Blended", courseWorkload: "PT32H" },
      });
      expect(courseAnchor("c1")).toBe("course-c1");
    });

    it("leaves out what a course does not say plainly: workload, level, topics", () => {
      const item = list.itemListElement[1]!.item;
      expect(item.offers.price).toBe(899.5);
      expect(item.hasCourseInstance).toEqual({ "@type": "CourseInstance", courseMode: "Blended" });
      expect(item).not.toHaveProperty("educationalLevel");
      expect(item).not.toHaveProperty("teaches");
    });

    it("never claims review ratings", () => {
      expect(JSON.stringify(list)).not.toMatch(/Rating|review/i);
    });

    it("is an empty list for an empty catalogue", () => {
      expect(courseListJsonLd([], { path: "/training", courseMode: "Online" }, { name: "A" }, publicUrl)).toEqual({
        "@context": "https://schema.org",
        "@type": "ItemList",
        itemListElement: [],
      });
    });
  });
});
