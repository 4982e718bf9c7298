/**
 * The first thing a keyboard reaches on every page, public and CMS: a link past the header and
 * menus to the page's `<main id="main-content">`, hidden until focused (WCAG 2.4.1).
 */
export function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to main content
    </a>
  );
}
