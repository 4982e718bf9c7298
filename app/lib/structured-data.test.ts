import { describe, expect, it } from "vitest";
import { siteIdentityFromSettings } from "./site-identity";
import { articleJsonLd, breadcrumbListJsonLd, faqPageJsonLd, organizationJsonLd } from "./structured-data";

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
});
