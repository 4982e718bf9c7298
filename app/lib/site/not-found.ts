/**
 * The browser console entry of the not-found page (SPEC.md "Not-found page": "The missing path is
 * logged to the console"), worded as the original site logs it; the path follows as a second value.
 * Shared with the browser tests, which read the entry.
 */
export const NOT_FOUND_CONSOLE_MESSAGE = "404 Error: User attempted to access non-existent route:";
