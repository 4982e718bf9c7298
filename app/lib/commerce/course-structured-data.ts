/**
 * The training catalogue's structured data (JSON-LD) for search engines. Kept apart from
 * structured-data.ts, which every public page's bundle carries, because only the /training loader
 * builds it, on the server.
 */
import { courseAnchor, durationToIso8601 } from "./training";

const absolute = (path: string, publicUrl: string) => new URL(path, publicUrl).href;

/** The fields of a course the catalogue's structured data describes. */
export interface CourseListEntry {
  id: string;
  name: string;
  description: string;
  /** In pounds. */
  price: number;
  level: string;
  /** e.g. "40 hours"; becomes `courseWorkload` when it is a plain number and unit. */
  duration: string;
  features: readonly string[];
}

/**
 * The training catalogue as Google's course list reads it: an ItemList of Course items, each with
 * its provider, picture and language, its price (an Offer in pounds, category "Paid") and a course instance with the
 * delivery mode and, when the duration says it plainly, the workload. Ratings are left out on
 * purpose: they are editorial figures, not counts of reviews, and AggregateRating must be the latter.
 */
export function courseListJsonLd(
  courses: readonly CourseListEntry[],
  page: {
    path: string;
    courseMode: "Online" | "Onsite" | "Blended";
    /** The picture of the page the courses are on (the courses have none of their own). */
    imagePath: string;
    /** The language the courses are taught in, e.g. "en-GB". */
    inLanguage: string;
  },
  provider: { name: string },
  publicUrl: string,
) {
  const providerOrganization = { "@type": "Organization", name: provider.name, url: absolute("/", publicUrl) };
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: courses.map((course, index) => {
      const workload = durationToIso8601(course.duration);
      return {
        "@type": "ListItem",
        position: index + 1,
        item: {
          "@type": "Course",
          url: absolute(`${page.path}#${courseAnchor(course.id)}`, publicUrl),
          name: course.name,
          description: course.description,
          provider: providerOrganization,
          image: absolute(page.imagePath, publicUrl),
          inLanguage: page.inLanguage,
          ...(course.level ? { educationalLevel: course.level } : {}),
          ...(course.features.length > 0 ? { teaches: [...course.features] } : {}),
          offers: {
            "@type": "Offer",
            category: "Paid",
            price: course.price,
            priceCurrency: "GBP",
          },
          hasCourseInstance: {
            "@type": "CourseInstance",
            courseMode: page.courseMode,
            ...(workload ? { courseWorkload: workload } : {}),
          },
        },
      };
    }),
  };
}
