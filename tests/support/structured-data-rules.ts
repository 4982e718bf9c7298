/**
 * What Google's rich results ask of the structured data (JSON-LD) a page carries, as a checker the
 * standards test runs over every `<script type="application/ld+json">` of every page.
 *
 * Each type's REQUIRED properties (Google Search Central, "Structured data" guides for Job posting,
 * Course list, Article, Breadcrumb, FAQ and Organization) must be there; its RECOMMENDED ones are
 * checked for shape when present (a date is an ISO 8601 date, a currency an ISO 4217 code, a
 * salary a MonetaryAmount, ...). Types without a rule here only need `@context` and `@type`.
 */

type JsonObject = Record<string, unknown>;

/** A problem list with the property path of each entry, e.g. "JobPosting.baseSalary.currency". */
class Problems {
  readonly list: string[] = [];
  add(at: string, problem: string): void {
    this.list.push(`${at}: ${problem}`);
  }
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === "string" && value.trim().length > 0;
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function isAbsoluteUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const isIsoDate = (value: unknown): value is string =>
  typeof value === "string" && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));

function typeOf(value: unknown): string[] {
  return isObject(value) ? asList(value["@type"]).filter((type): type is string => typeof type === "string") : [];
}

/** A property that must be there and pass `check` (which adds its own problems). */
function required(
  problems: Problems,
  at: string,
  object: JsonObject,
  key: string,
  check: Check,
  missing = "required by Google, missing",
): void {
  if (object[key] === undefined || object[key] === null || object[key] === "") {
    problems.add(`${at}.${key}`, missing);
  } else {
    check(problems, `${at}.${key}`, object[key]);
  }
}

/** A property Google only recommends, but which this site always publishes. */
function promised(problems: Problems, at: string, object: JsonObject, key: string, check: Check): void {
  required(problems, at, object, key, check, "recommended by Google and always published by this site, missing");
}

/** A property checked only when present. */
function optional(problems: Problems, at: string, object: JsonObject, key: string, check: Check): void {
  if (object[key] !== undefined) check(problems, `${at}.${key}`, object[key]);
}

type Check = (problems: Problems, at: string, value: unknown) => void;

const text: Check = (problems, at, value) => {
  if (!isText(value)) problems.add(at, `expected text, got ${JSON.stringify(value)}`);
};
const url: Check = (problems, at, value) => {
  if (!isAbsoluteUrl(value)) problems.add(at, `expected an absolute URL, got ${JSON.stringify(value)}`);
};
const urls: Check = (problems, at, value) =>
  asList(value).forEach((entry, index) => url(problems, `${at}[${index}]`, entry));
const date: Check = (problems, at, value) => {
  if (!isIsoDate(value)) problems.add(at, `expected an ISO 8601 date, got ${JSON.stringify(value)}`);
};
/** A year, a month or a day (ISO 8601 allows the shorter forms), as a founding date is often known. */
const yearOrDate: Check = (problems, at, value) => {
  if (!(typeof value === "string" && /^\d{4}(-\d{2})?$/.test(value)) && !isIsoDate(value)) {
    problems.add(at, `expected an ISO 8601 year or date, got ${JSON.stringify(value)}`);
  }
};
const boolean: Check = (problems, at, value) => {
  if (typeof value !== "boolean") problems.add(at, `expected true or false, got ${JSON.stringify(value)}`);
};
const number: Check = (problems, at, value) => {
  const ok =
    typeof value === "number" ? Number.isFinite(value) : typeof value === "string" && /^\d+(\.\d+)?$/.test(value);
  if (!ok) problems.add(at, `expected a number, got ${JSON.stringify(value)}`);
};
const currencyCode: Check = (problems, at, value) => {
  if (typeof value !== "string" || !/^[A-Z]{3}$/.test(value)) {
    problems.add(at, `expected an ISO 4217 currency code, got ${JSON.stringify(value)}`);
  }
};
const languageTag: Check = (problems, at, value) => {
  if (typeof value !== "string" || !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value)) {
    problems.add(at, `expected a BCP 47 language tag such as "en-GB", got ${JSON.stringify(value)}`);
  }
};
/** A telephone number in international form, as Google asks: "+", the country code, digits. */
const telephone: Check = (problems, at, value) => {
  if (typeof value !== "string" || !/^\+\d[\d\s().-]{5,}$/.test(value)) {
    problems.add(at, `expected a telephone number in international form (+44 …), got ${JSON.stringify(value)}`);
  }
};

/** An object of one of these types, then the type's own checks. */
function typed(types: readonly string[], check: (problems: Problems, at: string, object: JsonObject) => void): Check {
  return (problems, at, value) => {
    if (!isObject(value) || !typeOf(value).some((type) => types.includes(type))) {
      problems.add(at, `expected ${types.join(" or ")} (with "@type"), got ${JSON.stringify(value)}`);
      return;
    }
    check(problems, at, value);
  };
}

const eachOf =
  (check: Check): Check =>
  (problems, at, value) =>
    asList(value).forEach((entry, index) => check(problems, Array.isArray(value) ? `${at}[${index}]` : at, entry));

/** ISO 3166-1 alpha-2 country code, or a Country with a name. */
const country: Check = (problems, at, value) => {
  if (typeof value === "string") {
    if (!/^[A-Z]{2}$/.test(value)) problems.add(at, `expected a two-letter country code, got ${JSON.stringify(value)}`);
    return;
  }
  typed(["Country"], (p, a, object) => required(p, a, object, "name", text))(problems, at, value);
};

const postalAddress = typed(["PostalAddress"], (problems, at, object) => {
  for (const key of ["streetAddress", "addressLocality", "addressRegion", "postalCode"]) {
    optional(problems, at, object, key, text);
  }
  optional(problems, at, object, "addressCountry", country);
  if (!["streetAddress", "addressLocality", "addressRegion", "postalCode"].some((key) => isText(object[key]))) {
    problems.add(at, "a PostalAddress needs at least a street, locality, region or postcode");
  }
});

/** schema.org lets an address be plain text; Google asks for a PostalAddress, and so does this site. */
const address: Check = postalAddress;

const imageObject = typed(["ImageObject"], (problems, at, object) => required(problems, at, object, "url", url));
/** An image: a URL, an ImageObject, or a list of them. */
const image: Check = eachOf((problems, at, value) =>
  (typeof value === "string" ? url : imageObject)(problems, at, value),
);

function checkOrganization(problems: Problems, at: string, object: JsonObject): void {
  // Google lists no required property for an Organization; every use of one here (the home page,
  // a hiring organisation, a publisher, a course provider) needs its name.
  required(problems, at, object, "name", text);
  optional(problems, at, object, "url", url);
  optional(problems, at, object, "logo", image);
  optional(problems, at, object, "sameAs", urls);
  optional(problems, at, object, "description", text);
  optional(problems, at, object, "email", text);
  optional(problems, at, object, "telephone", telephone);
  optional(problems, at, object, "address", address);
  optional(problems, at, object, "foundingDate", yearOrDate);
}
const organization = typed(
  ["Organization", "Corporation", "LocalBusiness", "EducationalOrganization"],
  checkOrganization,
);
const personOrOrganization = typed(["Person", "Organization"], (problems, at, object) =>
  required(problems, at, object, "name", text),
);

const EMPLOYMENT_TYPES = [
  "FULL_TIME",
  "PART_TIME",
  "CONTRACTOR",
  "TEMPORARY",
  "INTERN",
  "VOLUNTEER",
  "PER_DIEM",
  "OTHER",
];
const SALARY_UNITS = ["HOUR", "DAY", "WEEK", "MONTH", "YEAR"];

const place = typed(["Place"], (problems, at, object) => required(problems, at, object, "address", postalAddress));
const propertyValue = typed(["PropertyValue"], (problems, at, object) => {
  required(problems, at, object, "name", text);
  required(problems, at, object, "value", (p, a, value) => (typeof value === "number" ? undefined : text(p, a, value)));
});
const quantitativeValue = typed(["QuantitativeValue"], (problems, at, object) => {
  if (object.value === undefined && object.minValue === undefined) {
    problems.add(at, "a QuantitativeValue needs value or minValue");
  }
  for (const key of ["value", "minValue", "maxValue"]) optional(problems, at, object, key, number);
  required(problems, at, object, "unitText", (p, a, value) => {
    if (typeof value !== "string" || !SALARY_UNITS.includes(value)) {
      p.add(a, `expected one of ${SALARY_UNITS.join(", ")}, got ${JSON.stringify(value)}`);
    }
  });
});
const monetaryAmount = typed(["MonetaryAmount"], (problems, at, object) => {
  required(problems, at, object, "currency", currencyCode);
  required(problems, at, object, "value", (p, a, value) =>
    (typeof value === "object" ? quantitativeValue : number)(p, a, value),
  );
});
const applicantLocation = eachOf(
  typed(["Country", "State", "AdministrativeArea", "City"], (problems, at, object) =>
    required(problems, at, object, "name", text),
  ),
);

function checkJobPosting(problems: Problems, at: string, job: JsonObject): void {
  required(problems, at, job, "title", text);
  required(problems, at, job, "description", text);
  required(problems, at, job, "datePosted", date);
  required(problems, at, job, "hiringOrganization", organization);
  // jobLocation is required, except for a fully remote job, which names where applicants may live.
  if (job.jobLocationType === "TELECOMMUTE" && job.jobLocation === undefined) {
    required(problems, at, job, "applicantLocationRequirements", applicantLocation);
  } else {
    required(problems, at, job, "jobLocation", eachOf(place));
    optional(problems, at, job, "applicantLocationRequirements", applicantLocation);
  }
  optional(problems, at, job, "jobLocationType", (p, a, value) => {
    if (value !== "TELECOMMUTE") p.add(a, `the only value Google reads is "TELECOMMUTE", got ${JSON.stringify(value)}`);
  });
  optional(problems, at, job, "employmentType", (p, a, value) =>
    asList(value).forEach((type) => {
      if (typeof type !== "string" || !EMPLOYMENT_TYPES.includes(type)) {
        p.add(a, `expected one of ${EMPLOYMENT_TYPES.join(", ")}, got ${JSON.stringify(type)}`);
      }
    }),
  );
  promised(problems, at, job, "validThrough", (p, a, value) => {
    date(p, a, value);
    if (isIsoDate(value) && isIsoDate(job.datePosted) && Date.parse(value) < Date.parse(job.datePosted)) {
      p.add(a, "ends before the job was posted");
    }
  });
  promised(problems, at, job, "identifier", propertyValue);
  promised(problems, at, job, "directApply", boolean);
  optional(problems, at, job, "baseSalary", monetaryAmount);
  optional(problems, at, job, "url", url);
}

const offer = typed(["Offer", "AggregateOffer"], (problems, at, object) => {
  if (typeOf(object).includes("AggregateOffer")) {
    required(problems, at, object, "lowPrice", number);
  } else {
    required(problems, at, object, "price", number);
  }
  required(problems, at, object, "priceCurrency", currencyCode);
  optional(problems, at, object, "category", text);
  optional(problems, at, object, "url", url);
});

function checkCourse(problems: Problems, at: string, course: JsonObject): void {
  required(problems, at, course, "name", text);
  required(problems, at, course, "description", text);
  optional(problems, at, course, "provider", organization);
  promised(problems, at, course, "image", image);
  promised(problems, at, course, "inLanguage", languageTag);
  optional(problems, at, course, "offers", eachOf(offer));
  optional(problems, at, course, "url", url);
  optional(problems, at, course, "courseCode", text);
}

function checkArticle(problems: Problems, at: string, article: JsonObject): void {
  // Google lists no required property for an Article; a headline is what makes it one.
  required(problems, at, article, "headline", text);
  optional(problems, at, article, "datePublished", date);
  promised(problems, at, article, "dateModified", (p, a, value) => {
    date(p, a, value);
    if (isIsoDate(value) && isIsoDate(article.datePublished) && Date.parse(value) < Date.parse(article.datePublished)) {
      p.add(a, "is before datePublished");
    }
  });
  optional(problems, at, article, "image", image);
  optional(problems, at, article, "author", eachOf(personOrOrganization));
  optional(problems, at, article, "publisher", organization);
  optional(problems, at, article, "description", text);
  optional(problems, at, article, "url", url);
  optional(problems, at, article, "mainEntityOfPage", (p, a, value) =>
    typeof value === "string" ? url(p, a, value) : undefined,
  );
}

/** List entries numbered 1, 2, 3 ... in order, as Google's carousels and breadcrumbs read them. */
function checkPositions(problems: Problems, at: string, entries: unknown[]): void {
  entries.forEach((entry, index) => {
    if (isObject(entry) && entry.position !== index + 1) {
      problems.add(`${at}[${index}].position`, `expected ${index + 1}, got ${JSON.stringify(entry.position)}`);
    }
  });
}

function checkBreadcrumbList(problems: Problems, at: string, list: JsonObject): void {
  required(problems, at, list, "itemListElement", (p, a, value) => {
    const entries = asList(value);
    if (entries.length < 2) p.add(a, "Google needs at least two ListItems");
    entries.forEach((entry, index) =>
      typed(["ListItem"], (q, b, item) => {
        required(q, b, item, "name", text);
        // Every crumb but the last (the page itself) links to its page.
        if (index < entries.length - 1) required(q, b, item, "item", url);
        else optional(q, b, item, "item", url);
      })(p, `${a}[${index}]`, entry),
    );
    checkPositions(p, a, entries);
  });
}

function checkItemList(problems: Problems, at: string, list: JsonObject): void {
  required(problems, at, list, "itemListElement", (p, a, value) => {
    const entries = asList(value);
    if (entries.length === 0) p.add(a, "an empty list");
    entries.forEach((entry, index) =>
      typed(["ListItem"], (q, b, item) => {
        // A summary page's entries link to their pages (url); an all-in-one page's carry the item.
        if (item.item === undefined) required(q, b, item, "url", url);
        else if (typeof item.item === "string") url(q, `${b}.item`, item.item);
        else checkThing(q, `${b}.item`, item.item);
      })(p, `${a}[${index}]`, entry),
    );
    checkPositions(p, a, entries);
  });
}

function checkFaqPage(problems: Problems, at: string, page: JsonObject): void {
  required(problems, at, page, "mainEntity", (p, a, value) => {
    if (asList(value).length === 0) p.add(a, "no questions");
    eachOf(
      typed(["Question"], (q, b, question) => {
        required(q, b, question, "name", text);
        required(
          q,
          b,
          question,
          "acceptedAnswer",
          typed(["Answer"], (r, c, answer) => required(r, c, answer, "text", text)),
        );
      }),
    )(p, a, value);
  });
}

const RULES: Record<string, (problems: Problems, at: string, object: JsonObject) => void> = {
  JobPosting: checkJobPosting,
  Organization: checkOrganization,
  Course: checkCourse,
  Article: checkArticle,
  BlogPosting: checkArticle,
  NewsArticle: checkArticle,
  BreadcrumbList: checkBreadcrumbList,
  ItemList: checkItemList,
  FAQPage: checkFaqPage,
};

/** A typed node inside a document: its type's rule, if there is one. */
function checkThing(problems: Problems, at: string, value: unknown): void {
  const types = typeOf(value);
  if (types.length === 0) {
    problems.add(at, 'no "@type"');
    return;
  }
  for (const type of types) RULES[type]?.(problems, at.endsWith(type) ? at : `${at}(${type})`, value as JsonObject);
}

/**
 * The problems of one JSON-LD block, given as the text of its script element; an empty list when
 * Google could read it for its type's rich result.
 */
export function structuredDataProblems(source: string): string[] {
  const problems = new Problems();
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    return [`does not parse as JSON: ${(error as Error).message}`];
  }
  const nodes = isObject(data) && Array.isArray(data["@graph"]) ? (data["@graph"] as unknown[]) : asList(data);
  const context = isObject(data) ? data["@context"] : undefined;
  nodes.forEach((node, index) => {
    const at = typeOf(node)[0] ?? `node ${index}`;
    if (!isObject(node)) {
      problems.add(at, "not an object");
      return;
    }
    if ((node["@context"] ?? context) !== "https://schema.org") {
      problems.add(at, `"@context" must be "https://schema.org", got ${JSON.stringify(node["@context"] ?? context)}`);
    }
    checkThing(problems, at, node);
  });
  return problems.list;
}
