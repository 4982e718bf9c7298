/**
 * The marketing copy against SPEC.md section 2: the counts and figures each page must have, links
 * only to pages that exist, and copy that is finished (no placeholder text, no vague link labels).
 */
import { describe, expect, it } from "vitest";
import routes from "../routes";
import { ABOUT_PAGE } from "./about";
import { AI_OVERVIEW, AI_SERVICE_PAGES } from "./ai";
import { CASE_STUDIES } from "./case-studies";
import { FINANCIAL_SERVICES_SECURITY } from "./case-studies/financial-services-security";
import { ENTERPRISE_CLOUD_MIGRATION } from "./case-studies/enterprise-cloud-migration";
import { SCALABLE_ECOMMERCE } from "./case-studies/scalable-ecommerce";
import { CLOUD_OVERVIEW, DATA_LAKE_PAGE } from "./cloud";
import { CYBERSECURITY_PAGE } from "./cybersecurity";
import { HOME_PAGE } from "./home";
import { FAMILY_PAGE_ADDRESSES, FAMILY_PAGES, findFamilyPage } from "./pages";
import { PRODUCT_DEVELOPMENT_PAGE } from "./product-development";
import { SERVICES_PAGE } from "./services";
import { DOWNLOAD_DOCUMENT_IDS, ICON_NAMES, IMAGE_NAMES, type PageAction } from "./types";

const ALL_COPY = {
  HOME_PAGE,
  ABOUT_PAGE,
  SERVICES_PAGE,
  PRODUCT_DEVELOPMENT_PAGE,
  pages: FAMILY_PAGES.map((entry) => entry.page),
};

/** Every value of a given key anywhere in the copy. */
function valuesOf(value: unknown, key: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuesOf(item, key));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([name, item]) => [...(name === key ? [item] : []), ...valuesOf(item, key)]);
}

function allStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(allStrings);
  return [];
}

/** The paths of the route table, as "/about" or "/ai/computer-vision" (dynamic routes left out). */
function routePaths(): Set<string> {
  const paths = new Set<string>(["/"]);
  const visit = (entries: readonly { path?: string; children?: unknown }[], prefix: string) => {
    for (const entry of entries) {
      const path = entry.path ? `${prefix}/${entry.path}` : prefix;
      if (entry.path && !entry.path.includes(":") && !entry.path.includes("*")) paths.add(path);
      if (Array.isArray(entry.children)) visit(entry.children, path);
    }
  };
  visit(routes, "");
  return paths;
}

describe("links in the marketing copy", () => {
  const existing = routePaths();

  it("lead only to the site's own routes", () => {
    const hrefs = valuesOf(ALL_COPY, "href") as string[];
    expect(hrefs.length).toBeGreaterThan(40);
    for (const href of hrefs) {
      expect(href, href).toMatch(/^\/[a-z0-9/-]*$/);
      expect(existing.has(href), `${href} has a route`).toBe(true);
    }
  });

  it("have labels that make sense out of context", () => {
    const labels = [...valuesOf(ALL_COPY, "linkLabel"), ...valuesOf(ALL_COPY, "label")] as string[];
    for (const label of labels) expect(label, label).not.toMatch(/^(learn more|read more|click here|more|here)$/i);
  });

  it("every family page and alias has a route, and every route of a family template finds its page", () => {
    for (const address of FAMILY_PAGE_ADDRESSES) expect(existing.has(address), address).toBe(true);
    const familyRoutes = [...existing].filter((path) => /^\/(ai|cloud|cybersecurity|case-studies)\b/.test(path));
    for (const path of familyRoutes) expect(findFamilyPage(path), path).toBeDefined();
    for (const alias of ["/enterprise-cloud-migration", "/scalable-ecommerce", "/data-lake-analytics"]) {
      expect(findFamilyPage(alias), alias).toBeDefined();
    }
    expect(findFamilyPage("/case-studies/cyber-security")?.page).toBe(CYBERSECURITY_PAGE);
    expect(findFamilyPage("/ai/")?.page).toBe(AI_OVERVIEW);
    expect(findFamilyPage("/nowhere")).toBeUndefined();
  });
});

describe("finished copy", () => {
  const strings = allStrings(ALL_COPY);

  it("has no placeholder text; only the services video may be 'coming soon'", () => {
    for (const text of strings)
      expect(text, text).not.toMatch(/lorem ipsum|\bTODO\b|\bTBD\b|\{\{(?!company_name\}\})/i);
    const comingSoon = strings.filter((text) => /coming soon/i.test(text));
    for (const text of comingSoon) expect(SERVICES_PAGE.video.description).toBe(text);
  });

  it("names icons, images and documents that exist", () => {
    for (const icon of valuesOf(ALL_COPY, "icon")) expect(ICON_NAMES).toContain(icon);
    for (const image of valuesOf(ALL_COPY, "image")) expect(IMAGE_NAMES).toContain(image);
    for (const document of valuesOf(ALL_COPY, "document")) expect(DOWNLOAD_DOCUMENT_IDS).toContain(document);
  });

  it("gives every page a title and a description of a useful length", () => {
    const seos = valuesOf(ALL_COPY, "seo") as { title: string; description: string }[];
    expect(seos).toHaveLength(4 + FAMILY_PAGES.length);
    for (const seo of seos) {
      expect(seo.title.length, seo.title).toBeGreaterThan(3);
      expect(seo.description.length, seo.description).toBeGreaterThanOrEqual(100);
      expect(seo.description.length, seo.description).toBeLessThanOrEqual(165);
    }
  });
});

const downloads = (actions: readonly PageAction[]) =>
  actions.filter((action) => action.kind === "download").map((action) => action.label);

describe("SPEC.md section 2, page by page", () => {
  it("Home: two hero slides, five captioned slides, four service cards, three reasons", () => {
    expect(HOME_PAGE.hero.slides).toHaveLength(2);
    expect(HOME_PAGE.hero.actions).toEqual([
      { kind: "link", label: "Our Solutions", href: "/services" },
      { kind: "link", label: "Partner With Us", href: "/contact" },
    ]);
    expect(HOME_PAGE.showcase.title).toBe("Our Services in Action");
    expect(HOME_PAGE.showcase.items).toHaveLength(5);
    for (const slide of HOME_PAGE.showcase.items) expect(slide.caption?.length).toBeGreaterThan(10);
    expect(HOME_PAGE.services.items.map((card) => card.href)).toEqual([
      "/ai",
      "/cloud",
      "/cybersecurity",
      "/product-development",
    ]);
    expect(HOME_PAGE.whyChooseUs.title).toBe("Why Choose Us");
    expect(HOME_PAGE.whyChooseUs.items).toHaveLength(3);
    expect(HOME_PAGE.trainingHub.title).toBe("Training & Learning Hub");
    expect(valuesOf(HOME_PAGE.trainingHub, "href")).toContain("/training");
    expect(valuesOf(HOME_PAGE.closing, "href")).toContain("/contact");
  });

  it("About: the 2008 story in the UK and USA, three values, three pillars, Join Our Team", () => {
    const story = ABOUT_PAGE.story.paragraphs.join(" ");
    expect(story).toContain("2008");
    expect(story).toMatch(/UK|United Kingdom|London/);
    expect(story).toMatch(/USA|United States|Boston/);
    expect(ABOUT_PAGE.values.items.map((value) => value.title)).toEqual(["Excellence", "Innovation", "Partnership"]);
    expect(ABOUT_PAGE.approach.items.map((pillar) => pillar.title)).toEqual(["Innovate", "Invest", "Implement"]);
    expect(ABOUT_PAGE.joinTeam.title).toBe("Join Our Team");
    expect(valuesOf(ABOUT_PAGE.joinTeam, "href")).toEqual(["/careers"]);
  });

  it("Services: six services of five features, four steps, six industries, Request a Quote", () => {
    expect(SERVICES_PAGE.services.items.map((card) => card.title)).toEqual([
      "Software Solutions",
      "IT Consulting",
      "Cloud Services",
      "Cybersecurity",
      "Web Development",
      "Mobile App Development",
    ]);
    for (const card of SERVICES_PAGE.services.items) expect(card.features, card.title).toHaveLength(5);
    expect(SERVICES_PAGE.video.description).toMatch(/coming soon/i);
    expect(SERVICES_PAGE.process.items.map((step) => step.title)).toEqual([
      "Discovery",
      "Planning",
      "Implementation",
      "Support",
    ]);
    expect(SERVICES_PAGE.industries.items.map((card) => card.title)).toEqual([
      "Healthcare",
      "Finance",
      "Education",
      "Retail",
      "Manufacturing",
      "Logistics",
    ]);
    expect(SERVICES_PAGE.closing.actions).toContainEqual({ kind: "link", label: "Request a Quote", href: "/contact" });
  });

  it("Product development: four services, three stories, four phases, eighteen technologies", () => {
    expect(PRODUCT_DEVELOPMENT_PAGE.services.items).toHaveLength(4);
    expect(PRODUCT_DEVELOPMENT_PAGE.successStories.items).toHaveLength(3);
    expect(valuesOf(PRODUCT_DEVELOPMENT_PAGE.successStories, "href")).toContain("/case-studies/scalable-ecommerce");
    expect(PRODUCT_DEVELOPMENT_PAGE.process.items).toHaveLength(4);
    expect(new Set(PRODUCT_DEVELOPMENT_PAGE.technologies.items).size).toBe(18);
  });

  it("AI: four use cases linking to the four service pages, each page with a 5-item FAQ", () => {
    const servicePaths = [
      "/ai/conversational-ai",
      "/ai/predictive-analytics",
      "/ai/computer-vision",
      "/ai/document-processing",
    ];
    expect(AI_OVERVIEW.cards.items.map((card) => card.href).sort()).toEqual([...servicePaths].sort());
    expect(AI_OVERVIEW.faq.items).toHaveLength(5);
    expect(AI_SERVICE_PAGES.map((page) => page.path)).toEqual(servicePaths);
    for (const page of AI_SERVICE_PAGES) {
      expect(page.checklist.items.length, page.path).toBeGreaterThanOrEqual(4);
      expect(page.features.items.length, page.path).toBeGreaterThanOrEqual(3);
      expect(page.faq.items, page.path).toHaveLength(5);
      expect(valuesOf(page.closing, "href"), page.path).toContain("/contact");
    }
  });

  it("Cloud: four service groups, three case studies, six questions, the AWS guide and the journey link", () => {
    expect(CLOUD_OVERVIEW.cards.items).toHaveLength(4);
    expect(CLOUD_OVERVIEW.caseStudies?.items.map((card) => card.href)).toEqual([
      "/enterprise-cloud-migration",
      "/scalable-ecommerce",
      "/data-lake-analytics",
    ]);
    expect(CLOUD_OVERVIEW.faq.items).toHaveLength(6);
    expect(downloads([...(CLOUD_OVERVIEW.hero.actions ?? []), ...CLOUD_OVERVIEW.closing.actions])).toContain(
      "Download AWS Guide",
    );
    expect(CLOUD_OVERVIEW.closing.actions).toContainEqual({
      kind: "link",
      label: "Start Your Cloud Journey",
      href: "/contact",
    });
  });

  it("Data Lake & Analytics: four benefits, a case study with four results, the three closing buttons", () => {
    expect(DATA_LAKE_PAGE.checklist.items).toHaveLength(4);
    expect(DATA_LAKE_PAGE.caseStudy?.results).toHaveLength(4);
    expect(DATA_LAKE_PAGE.faq.items.length).toBeGreaterThan(0);
    expect(DATA_LAKE_PAGE.closing.actions.map((action) => action.label)).toEqual([
      "Build Your Data Lake",
      "Start Your Project",
      "Download Architecture Guide",
    ]);
  });

  it("Enterprise cloud migration: the four phases and durations, five results, services used", () => {
    expect(
      ENTERPRISE_CLOUD_MIGRATION.timeline?.phases.map((phase) => [phase.title, phase.duration, phase.complete]),
    ).toEqual([
      ["Assessment & Planning", "6 weeks", true],
      ["Proof of Concept", "4 weeks", true],
      ["Migration Execution", "4 months", true],
      ["Optimization", "Ongoing", false],
    ]);
    const results = ENTERPRISE_CLOUD_MIGRATION.results;
    expect(results.metrics.length + (results.outcomes?.length ?? 0)).toBe(5);
    expect(ENTERPRISE_CLOUD_MIGRATION.testimonial).toBeDefined();
    expect(ENTERPRISE_CLOUD_MIGRATION.services?.items.length).toBeGreaterThan(3);
    expect(ENTERPRISE_CLOUD_MIGRATION.closing.actions.map((action) => action.label)).toEqual([
      "Contact Our Cloud Experts",
      "Download Full Case Study",
    ]);
  });

  it("the financial services security case study has the spec's figures", () => {
    const study = FINANCIAL_SERVICES_SECURITY;
    expect(study.header.facts).toEqual([
      { value: "25,000+", label: "employees" },
      { value: "50+", label: "countries" },
      { value: "12 months", label: "phased programme" },
    ]);
    expect(study.results.metrics.slice(0, 3)).toEqual([
      { value: "98%", label: "fewer successful breaches" },
      { value: "90%", label: "faster detection and response" },
      { value: "65%", label: "less compliance effort" },
    ]);
    expect(study.results.outcomes).toHaveLength(5);
    expect(study.scope?.items.length).toBeGreaterThan(0);
    expect(study.compliance?.items.length).toBeGreaterThan(0);
    expect(study.technologies?.items.length).toBeGreaterThan(0);
  });

  it("no timeline shows an ongoing phase as complete (SPEC.md section 4)", () => {
    const phases = CASE_STUDIES.flatMap((study) => (study.timeline?.phases ?? []).map((phase) => ({ study, phase })));
    const ongoing = phases.filter(({ phase }) => /ongoing/i.test(phase.duration ?? ""));
    // The migration's Optimization and the e-commerce Monitoring & Support at least.
    expect(ongoing.length).toBeGreaterThanOrEqual(2);
    for (const { study, phase } of ongoing) expect(phase.complete, `${study.path}: ${phase.title}`).toBe(false);
  });

  it("the e-commerce timeline's last step alone is incomplete; it has a 6-item FAQ and a download", () => {
    const phases = SCALABLE_ECOMMERCE.timeline?.phases ?? [];
    expect(phases.length).toBeGreaterThanOrEqual(3);
    expect(phases.map((phase) => phase.complete)).toEqual([...phases.slice(1).map(() => true), false]);
    // SPEC.md section 4: the final step is "Monitoring & Support" (Ongoing).
    expect(phases.at(-1)).toMatchObject({ title: "Monitoring & Support", duration: "Ongoing" });
    expect(SCALABLE_ECOMMERCE.faq?.items).toHaveLength(6);
    expect(downloads(SCALABLE_ECOMMERCE.closing.actions)).toHaveLength(1);
  });

  it("Cyber Security: four services each linking to a case study, a 5-item FAQ, a call to action", () => {
    const hrefs = CYBERSECURITY_PAGE.cards.items.map((card) => card.href);
    expect(hrefs).toEqual([
      "/case-studies/security-assessment",
      "/case-studies/security-operations",
      "/case-studies/identity-management",
      "/case-studies/cloud-security",
    ]);
    for (const href of hrefs)
      expect(
        CASE_STUDIES.some((study) => study.path === href),
        href,
      ).toBe(true);
    expect(CYBERSECURITY_PAGE.faq.items).toHaveLength(5);
    expect(valuesOf(CYBERSECURITY_PAGE.closing, "href")).toContain("/contact");
  });

  it("the four security case studies have an overview, challenges, solution, services and results", () => {
    for (const path of hrefsOfSecurityStudies()) {
      const study = CASE_STUDIES.find((candidate) => candidate.path === path)!;
      expect(study.overview?.paragraphs.length, path).toBeGreaterThan(0);
      expect(study.challenges.items.length, path).toBeGreaterThan(0);
      expect(study.solution.items.length, path).toBeGreaterThan(0);
      expect(study.services?.items.length, path).toBeGreaterThan(0);
      expect(study.results.metrics.length, path).toBeGreaterThan(0);
    }
  });
});

function hrefsOfSecurityStudies(): string[] {
  return CYBERSECURITY_PAGE.cards.items.map((card) => card.href!);
}
