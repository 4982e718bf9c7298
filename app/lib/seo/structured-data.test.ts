import { describe, expect, it } from "vitest";
import { siteIdentityFromSettings } from "../site/site-identity";
import {
  articleJsonLd,
  breadcrumbListJsonLd,
  faqPageJsonLd,
  internationalPhone,
  jobPostingJsonLd,
  organizationJsonLd,
  postalAddressJsonLd,
} from "./structured-data";
import { courseListJsonLd, type CourseListEntry } from "../commerce/course-structured-data";
import { courseAnchor } from "../commerce/training";

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

  it("gives the organisation's address as a PostalAddress and its phone in international form", () => {
    const identity = siteIdentityFromSettings({
      company_name: "Acme Digital",
      phone_primary: "020 7946 0321",
      address_uk: "4th Floor, 27 Clerkenwell Road, London, EC1M 5RN, United Kingdom",
    });
    expect(organizationJsonLd(identity, publicUrl, "/favicon.svg")).toMatchObject({
      telephone: "+44 20 7946 0321",
      address: {
        "@type": "PostalAddress",
        streetAddress: "4th Floor, 27 Clerkenwell Road",
        addressLocality: "London",
        postalCode: "EC1M 5RN",
        addressCountry: "GB",
      },
    });
  });

  it.each([
    ["020 7946 0321", "+44 20 7946 0321"],
    ["0161 496 0000", "+44 161 496 0000"],
    ["(020) 7946 0321", "+44 20 7946 0321"],
    ["+44 20 7946 0321", "+44 20 7946 0321"],
    ["+1 (617) 555-0142", "+1 (617) 555-0142"],
    ["  +44  20 7946  0321 ", "+44 20 7946 0321"],
  ])("writes the phone number %j as %j", (phone, international) => {
    expect(internationalPhone(phone)).toBe(international);
  });

  it("reads a US address's state and ZIP code, and keeps an address it cannot read whole", () => {
    expect(postalAddressJsonLd("Suite 610, 200 Atlantic Avenue, Boston, MA 02110, USA")).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Suite 610, 200 Atlantic Avenue",
      addressLocality: "Boston",
      addressRegion: "MA",
      postalCode: "02110",
      addressCountry: "US",
    });
    expect(postalAddressJsonLd("Somewhere by the sea")).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Somewhere by the sea",
    });
  });

  it("describes a job opening with Google for Jobs' recommended properties", () => {
    const posting = jobPostingJsonLd(
      {
        id: "3f1c2a9e-0000-4000-8000-000000000001",
        title: "Cloud Engineer",
        description: "Build <things>.",
        requirements: ["AWS"],
        location: "London (Hybrid)",
        type: "Full-time",
        datePosted: "2026-01-15",
        validThrough: "2026-02-14T10:00:00.000Z",
        path: "/careers/cloud-engineer-3f1c2a9e",
      },
      { name: "Acme Digital", logoPath: "/favicon.svg" },
      publicUrl,
    );
    expect(posting).toMatchObject({
      "@type": "JobPosting",
      datePosted: "2026-01-15",
      validThrough: "2026-02-14T10:00:00.000Z",
      identifier: { "@type": "PropertyValue", name: "Acme Digital", value: "3f1c2a9e-0000-4000-8000-000000000001" },
      directApply: true,
      employmentType: "FULL_TIME",
      description: "<p>Build &lt;things&gt;.</p><ul><li>AWS</li></ul>",
      jobLocation: { "@type": "Place", address: { addressLocality: "London", addressCountry: "GB" } },
    });
    // No salary is recorded for an opening: none is made up.
    expect(posting).not.toHaveProperty("baseSalary");
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
      // Google recommends dateModified; a study not changed since is as of its publication.
      dateModified: "2025-03-18",
      url: "https://www.example.com/case-studies/x",
      image: "https://www.example.com/images/share.png",
      publisher: { name: "Acme Digital", logo: { url: "https://www.example.com/favicon.svg" } },
    });
  });

  it("gives an article's date of modification when it has one", () => {
    const article = articleJsonLd(
      {
        headline: "H",
        description: "D",
        path: "/x",
        published: "2025-03-18",
        modified: "2025-06-01",
        imagePath: "/a.png",
      },
      { name: "Acme Digital", logoPath: "/favicon.svg" },
      publicUrl,
    );
    expect(article).toMatchObject({ datePublished: "2025-03-18", dateModified: "2025-06-01" });
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
      {
        path: "/training",
        courseMode: "Blended",
        imagePath: "/images/showcase-training-960.webp",
        inLanguage: "en-GB",
      },
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
        image: "https://www.example.com/images/showcase-training-960.webp",
        inLanguage: "en-GB",
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
      expect(
        courseListJsonLd(
          [],
          { path: "/training", courseMode: "Online", imagePath: "/images/share.png", inLanguage: "en-GB" },
          { name: "A" },
          publicUrl,
        ),
      ).toEqual({
        "@context": "https://schema.org",
        "@type": "ItemList",
        itemListElement: [],
      });
    });
  });
});
