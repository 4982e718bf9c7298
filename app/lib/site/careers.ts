/**
 * Addresses of job openings: /careers/<title as a slug>-<first 8 hex digits of the id>. The id part
 * finds the opening, so the address survives a change of title (the old one redirects to the new);
 * the title part tells people and search engines what the page is.
 */
import { slugify } from "../text/slug";

const ID_PREFIX_LENGTH = 8;
const CAREER_PARAM = /^(?:([a-z0-9]+(?:-[a-z0-9]+)*)-)?([0-9a-f]{8})$/;

export function careerPath(career: { id: string; title: string }): string {
  const slug = slugify(career.title);
  const idPrefix = career.id.slice(0, ID_PREFIX_LENGTH).toLowerCase();
  return `/careers/${slug ? `${slug}-` : ""}${idPrefix}`;
}

/** The id prefix in a /careers/:job parameter, or null when the parameter cannot be one. */
export function careerIdPrefix(param: string | undefined): string | null {
  return CAREER_PARAM.exec(param ?? "")?.[2] ?? null;
}

/** The link of Apply Now: the contact form with the job's title (SPEC.md "Careers"). */
export function applyPath(title: string): string {
  return `/contact?${new URLSearchParams({ job: title })}`;
}
