/**
 * html-validate's configuration for the standards check (tests/e2e/html-standards.spec.ts), which
 * validates every public page as served and after hydration. A module rather than
 * `.htmlvalidate.json` so that each departure from the preset can say why: JSON has no comments.
 *
 * The preset is the strict one ("recommended": the standard's rules plus html-validate's best
 * practice). No rule is loosened to hide an error in our markup: the rules below are off only
 * where they check a way of writing that HTML allows either way, or something that is not HTML.
 *
 * @type {import("html-validate").ConfigData}
 */
export default {
  root: true,
  extends: ["html-validate:recommended"],
  rules: {
    // Off: the documents come from two writers that spell valid HTML differently. React's server
    // renderer writes `<meta />`, `required=""` and, in its streaming markup, a bare `hidden`; the
    // browser's serializer (the document after hydration) writes `<meta>` and `hidden=""`. HTML
    // allows each form; these three rules only ask that one document use one spelling.
    "void-style": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    // React writes the DOM property's spelling for some attributes (`charSet`, `srcSet`,
    // `autoComplete`, `maxLength`, `dateTime`, `encType`); HTML attribute names are
    // case-insensitive, so both spellings are the same attribute.
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    // React's useId() makes ids such as `_R_1a9b5_`. HTML's only rule for an id is "no spaces, not
    // empty" (relaxed mode checks exactly that); the stricter mode wants a leading letter, which
    // only CSS selectors written by hand need.
    "valid-id": ["error", { relaxed: true }],
    // Radix's accordion gives each panel `role="region"` with a name from its trigger, as the
    // WAI-ARIA accordion pattern describes; a <section> would be the same region. Every other
    // role still has to use its native element.
    "prefer-native-element": ["error", { exclude: ["region"] }],
    // Phone numbers are kept on one line by the `whitespace-nowrap` class (CSS), which is what the
    // rule's `&nbsp;` would do; the rule cannot see CSS, so it is told the class.
    "tel-non-breaking": ["error", { ignoreClasses: ["whitespace-nowrap"] }],
    // Off: a 70-character limit is a search-result display guideline, not HTML. Titles are made
    // of the CMS's own data (a job's title, type and location), which the site cannot shorten.
    "long-title": "off",
    // A group of checkboxes sharing one name is how HTML sends a list (the CMS lists' bulk
    // selection posts `ids` once per ticked row); the preset shares names only for radios and
    // buttons. Every other control still needs a name of its own.
    "form-dup-name": ["error", { shared: ["radio", "button", "reset", "submit", "checkbox"] }],
  },
};

/**
 * For a document after hydration: inline styles there are what the libraries' scripts set at run
 * time through `element.style` (Radix sizes its accordion panels, Embla moves its carousel
 * slides), not markup we write; the served HTML is still checked for them.
 *
 * @type {import("html-validate").ConfigData}
 */
export const afterHydration = {
  rules: { "no-inline-style": "off" },
};

/**
 * For a document with a modal dialog open: Radix hides the rest of the page with aria-hidden and
 * keeps focus inside the dialog, where its two focus guards (focusable by design, aria-hidden)
 * wrap it round; nothing hidden can be reached, which is what hidden-focusable guards against.
 *
 * @type {import("html-validate").ConfigData}
 */
export const withModalDialogOpen = {
  rules: { ...afterHydration.rules, "hidden-focusable": "off" },
};
