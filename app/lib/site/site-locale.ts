/**
 * The site's one locale and time zone. A module of its own so that numbers.ts, on every public
 * page, can use them without bringing format.ts's date formats (the CMS's) into the public bundle.
 */
export const SITE_LOCALE = "en-GB";
export const SITE_TIME_ZONE = "Europe/London";
