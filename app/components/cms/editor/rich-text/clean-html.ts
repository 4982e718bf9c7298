/**
 * HTML made ready for the editor's parser, in the browser (it uses the DOM). ProseMirror's parser
 * already keeps only what the schema knows (so styles, classes, fonts and colours go), but three
 * things need help first:
 * - Word writes lists as paragraphs styled `mso-list:l0 level2` with a typed bullet or number in a
 *   `mso-list:Ignore` span, and comments as a list at the end; left alone, lists would become
 *   paragraphs with stray bullets and comments would become text.
 * - Google Docs wraps everything in `<b style="font-weight:normal" id="docs-internal-guid-...">`,
 *   which must not make the whole paste bold.
 * - `{{key}}` typed in existing HTML becomes the setting's chip.
 */

const PLACEHOLDER_TEXT = /\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g;

/** Removes Word's conditional comments (`<!--[if !supportLists]-->` ... `<!--[endif]-->`) and the like. */
function removeComments(root: Node) {
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
}

function unwrap(element: Element) {
  element.replaceWith(...Array.from(element.childNodes));
}

/** The level and kind of a Word list paragraph, or null when it is not one. */
function wordListItem(paragraph: Element): { list: string; level: number; ordered: boolean } | null {
  const style = paragraph.getAttribute("style") ?? "";
  const match = /mso-list:\s*(l\d+)\s+level(\d+)/i.exec(style);
  if (!match) return null;
  const marker = paragraph.querySelector('[style*="mso-list:Ignore" i], [style*="mso-list: Ignore" i]');
  const markerText = (marker?.textContent ?? "").replace(/\u00a0/g, " ").trim();
  marker?.remove();
  return {
    list: match[1]!.toLowerCase(),
    level: Number(match[2]),
    ordered: /^(\d+|[a-z]{1,3}|[ivxlc]+)[.)]$/i.test(markerText),
  };
}

/** Word's list paragraphs, turned into nested `<ul>`/`<ol>` in place. */
function rebuildWordLists(body: HTMLElement) {
  const paragraphs = Array.from(body.querySelectorAll("p"));
  let stack: { level: number; list: HTMLElement }[] = [];
  let previous: Element | null = null;
  let currentList = "";
  for (const paragraph of paragraphs) {
    const item = wordListItem(paragraph);
    if (!item) {
      stack = [];
      previous = null;
      continue;
    }
    // A run of list paragraphs is one list only while nothing else stands between them.
    // ... and while they belong to the same Word list ("l0", "l1": a numbered list after a bulleted one).
    if ((previous && previous.nextElementSibling !== paragraph) || item.list !== currentList) stack = [];
    currentList = item.list;
    const document = paragraph.ownerDocument;
    const li = document.createElement("li");
    const content = document.createElement("p");
    content.append(...Array.from(paragraph.childNodes));
    li.append(content);
    while (stack.length > 0 && stack[stack.length - 1]!.level > item.level) stack.pop();
    const top = stack[stack.length - 1];
    if (top && top.level === item.level) {
      top.list.append(li);
    } else {
      const list = document.createElement(item.ordered ? "ol" : "ul");
      list.append(li);
      if (top) {
        (top.list.lastElementChild ?? top.list).append(list);
      } else {
        paragraph.before(list);
      }
      stack.push({ level: item.level, list });
    }
    previous = paragraph;
    // Keep the paragraph in place until the next one is read (it marks where the run continues).
    paragraph.replaceChildren();
    paragraph.setAttribute("data-word-list", "");
  }
  for (const placeholder of Array.from(body.querySelectorAll("p[data-word-list]"))) placeholder.remove();
}

/** Google Docs nests a list directly in its parent list (`<ul><li>..</li><ul>`): it belongs in the item before it. */
function moveNestedListsIntoItems(body: HTMLElement) {
  for (const list of Array.from(body.querySelectorAll(":is(ul, ol) > :is(ul, ol)"))) {
    const item = list.previousElementSibling;
    if (item?.tagName === "LI") item.append(list);
  }
}

/** Google's redirect around a link copied from some documents ("https://www.google.com/url?q=<address>&..."). */
function unwrapGoogleRedirects(body: HTMLElement) {
  for (const link of Array.from(body.querySelectorAll('a[href^="https://www.google.com/url?"]'))) {
    const target = new URL(link.getAttribute("href")!).searchParams.get("q");
    if (target) link.setAttribute("href", target);
  }
}

/** `{{key}}` in text (not in attributes) becomes the placeholder node's element. */
function chipPlaceholders(body: HTMLElement) {
  const document = body.ownerDocument;
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode as Text);
  for (const text of texts) {
    const value = text.data;
    if (!PLACEHOLDER_TEXT.test(value)) continue;
    PLACEHOLDER_TEXT.lastIndex = 0;
    const parts: Node[] = [];
    let last = 0;
    for (const match of value.matchAll(PLACEHOLDER_TEXT)) {
      parts.push(document.createTextNode(value.slice(last, match.index)));
      const chip = document.createElement("span");
      chip.setAttribute("data-placeholder", match[1]!);
      chip.textContent = `{{${match[1]!}}}`;
      parts.push(chip);
      last = match.index + match[0].length;
    }
    parts.push(document.createTextNode(value.slice(last)));
    text.replaceWith(...parts);
  }
}

/**
 * Event handler attributes, removed from the text before it is parsed. Not for safety: the
 * documents parsed here never run scripts, and the server sanitises whatever is saved. But the
 * browser checks every handler it parses against the page's Content-Security-Policy and logs a
 * violation for each, even in a document that will never run it (Word's comments carry some).
 */
function withoutEventHandlers(html: string): string {
  return html.replace(/<[a-z][^>]*>/gi, (tag) =>
    tag.replace(/[\s/]+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, " "),
  );
}

/** HTML for the editor: from the stored body, the HTML view, or a paste. */
export function cleanHtmlForEditor(html: string): string {
  const document = new DOMParser().parseFromString(withoutEventHandlers(html), "text/html");
  const body = document.body;
  removeComments(body);
  // Word's comments and their anchors, and the markup Word and Google Docs add for themselves.
  for (const element of Array.from(
    body.querySelectorAll(
      '[style*="mso-element:comment" i], .MsoCommentReference, .msocomtxt, a[href^="#_msocom_"], a[href^="#cmnt"], style, meta, link, script, xml, o\\:p',
    ),
  )) {
    element.remove();
  }
  for (const wrapper of Array.from(body.querySelectorAll('b[id^="docs-internal-guid"]'))) unwrap(wrapper);
  // The page's title is its only h1; h5 and h6 are deeper than the editor offers.
  for (const heading of Array.from(body.querySelectorAll("h1, h5, h6"))) {
    const replacement = document.createElement(heading.tagName === "H1" ? "h2" : "h4");
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
  }
  rebuildWordLists(body);
  moveNestedListsIntoItems(body);
  unwrapGoogleRedirects(body);
  chipPlaceholders(body);
  return body.innerHTML;
}
