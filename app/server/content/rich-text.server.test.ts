import { describe, expect, it } from "vitest";
import { corpus } from "../../../tests/e2e/xss-payloads";
import { applyPlaceholders } from "../../lib/site/placeholders";
import { DOCUMENT_LIMITS } from "../../lib/rich-text/document-check";
import { ExpectedError } from "../platform/errors.server";
import { renderRichText, richTextFromForm } from "./rich-text.server";

type Json = Record<string, unknown>;
const text = (value: string, marks?: Json[]): Json =>
  marks ? { type: "text", text: value, marks } : { type: "text", text: value };
const paragraph = (...content: Json[]): Json => ({ type: "paragraph", content });
const doc = (...content: Json[]): Json => ({ type: "doc", content });
const image = (attrs: Json): Json => ({ type: "image", attrs: { src: "/media/a.webp", alt: "A chart", ...attrs } });
const link = (href: string): Json => ({ type: "link", attrs: { href } });

/**
 * What makes HTML executable: a script or frame-like tag, an on* or style attribute (looked for
 * among the attribute names, quoted values left out), or an address that is not a web address.
 */
function executableParts(html: string): string[] {
  const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
  return tags.filter((tag) => {
    const names = tag.replace(/"[^"]*"/g, '""');
    return (
      /^<(script|iframe|frame|object|embed|svg|math|style|link|meta|base|form|input|textarea|template)\b/i.test(tag) ||
      /\s(on[a-z]+|style)\s*=/i.test(names) ||
      /\s(href|src)\s*=\s*"(?!https?:\/\/|\/(?![/\\])|mailto:|tel:)/i.test(tag)
    );
  });
}

function refusal(document: unknown): string {
  try {
    renderRichText(document);
  } catch (error) {
    if (error instanceof ExpectedError) return error.message;
    throw error;
  }
  throw new Error("the document was accepted");
}

/** The rendered HTML, or "" when the document was refused (with an ExpectedError, nothing else). */
function renderedOrRefused(document: unknown): string {
  try {
    return renderRichText(document);
  } catch (error) {
    if (error instanceof ExpectedError) return "";
    throw error;
  }
}

describe("renderRichText", () => {
  it("renders every element of the editor to the HTML the public page shows", () => {
    const html = renderRichText(
      doc(
        { type: "heading", attrs: { level: 2 }, content: [text("Two")] },
        { type: "heading", attrs: { level: 3 }, content: [text("Three")] },
        { type: "heading", attrs: { level: 4 }, content: [text("Four")] },
        paragraph(
          text("b", [{ type: "bold" }]),
          text("i", [{ type: "italic" }]),
          text("u", [{ type: "underline" }]),
          text("s", [{ type: "strike" }]),
          text("c", [{ type: "code" }]),
          { type: "hardBreak" },
          text("inside", [link("/about")]),
          text("outside", [link("https://example.com/x")]),
        ),
        {
          type: "bulletList",
          content: [
            {
              type: "listItem",
              content: [
                paragraph(text("one")),
                { type: "orderedList", content: [{ type: "listItem", content: [paragraph(text("nested"))] }] },
              ],
            },
          ],
        },
        { type: "blockquote", content: [paragraph(text("quoted"))] },
        image({ width: 640, height: 480, caption: "Figure 1" }),
        {
          type: "table",
          content: [
            { type: "tableRow", content: [{ type: "tableHeader", content: [paragraph(text("Head"))] }] },
            {
              type: "tableRow",
              content: [{ type: "tableCell", attrs: { colspan: 2 }, content: [paragraph(text("Cell"))] }],
            },
          ],
        },
        { type: "horizontalRule" },
        { type: "codeBlock", content: [text("const a = 1;")] },
      ),
    );
    expect(html).toBe(
      "<h2>Two</h2><h3>Three</h3><h4>Four</h4>" +
        "<p><strong>b</strong><em>i</em><u>u</u><s>s</s><code>c</code><br />" +
        '<a href="/about" rel="noopener noreferrer">inside</a><a href="https://example.com/x" rel="noopener noreferrer">outside</a></p>' +
        "<ul><li><p>one</p><ol><li><p>nested</p></li></ol></li></ul>" +
        "<blockquote><p>quoted</p></blockquote>" +
        '<figure><img src="/media/a.webp" alt="A chart" width="640" height="480" loading="lazy" /><figcaption>Figure 1</figcaption></figure>' +
        '<table><tbody><tr><th><p>Head</p></th></tr><tr><td colspan="2"><p>Cell</p></td></tr></tbody></table>' +
        "<hr /><pre><code>const a = 1;</code></pre>",
    );
  });

  it("renders a placeholder as the literal {{key}}, which the public pages' substitution fills as before", () => {
    const html = renderRichText(doc(paragraph(text("By "), { type: "placeholder", attrs: { key: "company_name" } })));
    expect(html).toBe("<p>By {{company_name}}</p>");
    expect(applyPlaceholders(html, { company_name: "Acme & Co" }, { html: true })).toBe("<p>By Acme &amp; Co</p>");
  });

  it("leaves out an image's caption element when it has none, and its media id always", () => {
    expect(renderRichText(doc(image({ mediaId: "0b7c6c8e-4c38-4a59-9f0a-3f5f3f1f1f1f" })))).toBe(
      '<figure><img src="/media/a.webp" alt="A chart" loading="lazy" /></figure>',
    );
  });

  it.each([
    ["an unknown element", doc({ type: "iframe" }), 'The document has an unknown element "iframe".'],
    [
      "an unknown formatting",
      doc(paragraph(text("x", [{ type: "fontColor" }]))),
      'The document has an unknown formatting "fontColor".',
    ],
    [
      "an unknown attribute",
      doc({ type: "paragraph", attrs: { onclick: "x" }, content: [text("x")] }),
      'The node "paragraph" has an unknown attribute "onclick".',
    ],
    [
      "a heading level 1",
      doc({ type: "heading", attrs: { level: 1 }, content: [text("x")] }),
      "Headings can only be levels 2 to 4.",
    ],
    [
      "a javascript: link",
      doc(paragraph(text("x", [link("javascript:alert(1)")]))),
      "A link's address must start with",
    ],
    [
      "a protocol-relative link",
      doc(paragraph(text("x", [link("//evil.example/")]))),
      "A link's address must start with",
    ],
    [
      "an image without alt text",
      doc(image({ alt: " " })),
      "Every image needs a text alternative (alt text) describing it.",
    ],
    ["a data: image", doc(image({ src: "data:image/png;base64,AAAA" })), "An image's address must start with"],
    [
      "a placeholder that is not a setting key",
      doc(paragraph({ type: "placeholder", attrs: { key: "a}}<b>" } })),
      "A placeholder must name a site setting",
    ],
    ["a root that is not a document", paragraph(text("x")), 'The document has an unknown element "paragraph".'],
    ["a document that is not an object", "<p>hi</p>", "The document has a part without a type."],
    ["text where blocks belong", doc(text("loose")), "The document's structure is not valid"],
    [
      "a prototype key",
      JSON.parse('{"type":"doc","content":[],"__proto__":{"x":1}}') as unknown,
      'The element "doc" has an unknown field "__proto__".',
    ],
  ])("refuses %s with a clear message", (_name, document, message) => {
    expect(refusal(document)).toContain(message);
  });

  it("refuses a document nested deeper than the limit", () => {
    let node: Json = paragraph(text("deep"));
    for (let level = 0; level < DOCUMENT_LIMITS.depth; level += 1) node = { type: "blockquote", content: [node] };
    expect(refusal(doc(node))).toBe(`The document is nested more than ${DOCUMENT_LIMITS.depth} levels deep.`);
  });

  it("refuses a document larger than the limit", () => {
    const big = doc(...Array.from({ length: 40 }, () => paragraph(text("x".repeat(20_000)))));
    expect(refusal(big)).toBe("The document is larger than 600,000 characters.");
  });

  it("refuses a document of too many parts", () => {
    const many = doc(paragraph(...Array.from({ length: DOCUMENT_LIMITS.nodes }, () => ({ type: "hardBreak" }))));
    expect(refusal(many)).toBe(`The document has more than ${DOCUMENT_LIMITS.nodes} parts.`);
  });

  describe("the XSS corpus put into a document", () => {
    const payloads = corpus("doc");

    it("is found by the check when it is not made inert (the check itself works)", () => {
      expect(
        executableParts('<p><img src="x" onerror="a"><a href="javascript:b">x</a><script>c</script></p>'),
      ).toHaveLength(3);
    });

    it("as text, comes out as text", () => {
      for (const payload of payloads) {
        const html = renderRichText(
          doc(paragraph(text(payload.html)), { type: "codeBlock", content: [text(payload.html)] }),
        );
        expect(executableParts(html), payload.id).toEqual([]);
      }
    });

    it("as link addresses, is refused or made inert", () => {
      for (const payload of payloads) {
        const href = payload.html.match(/href="([^"]*)"/)?.[1] ?? payload.html;
        for (const value of [href, payload.html, `javascript:${payload.id}`]) {
          expect(
            executableParts(renderedOrRefused(doc(paragraph(text("x", [link(value)]))))),
            `${payload.id}: ${value}`,
          ).toEqual([]);
        }
      }
    });

    it("as image addresses, alt text and captions, is refused or made inert", () => {
      for (const payload of payloads) {
        const src = payload.html.match(/src="([^"]*)"/)?.[1] ?? payload.html;
        const documents = [
          doc(image({ src })),
          doc(image({ alt: payload.html })),
          doc(image({ caption: payload.html })),
          doc(image({ alt: `" onerror="${payload.id}`, caption: `</figcaption>${payload.html}` })),
        ];
        for (const document of documents) {
          expect(executableParts(renderedOrRefused(document)), payload.id).toEqual([]);
        }
      }
    });

    it("in table cells and header cells, comes out as text", () => {
      for (const payload of payloads) {
        const cell = (type: string) => ({ type, content: [paragraph(text(payload.html))] });
        const table = {
          type: "table",
          content: [{ type: "tableRow", content: [cell("tableHeader"), cell("tableCell")] }],
        };
        const html = renderedOrRefused(doc(table));
        expect(html, payload.id).toContain("<td");
        expect(executableParts(html), payload.id).toEqual([]);
      }
    });

    it("as placeholder keys, is refused", () => {
      for (const payload of payloads) {
        expect(refusal(doc(paragraph({ type: "placeholder", attrs: { key: payload.html } }))), payload.id).toContain(
          "A placeholder must name a site setting",
        );
      }
    });
  });
});

describe("richTextFromForm", () => {
  it("uses the posted HTML as before when the form sent no document (no JavaScript, or the HTML view)", () => {
    expect(richTextFromForm(undefined, "<p>typed</p>", "content")).toEqual({ html: "<p>typed</p>", document: null });
    expect(richTextFromForm("", "<p>typed</p>", "content")).toEqual({ html: "<p>typed</p>", document: null });
  });

  it("renders the document when there is one, ignoring the posted HTML", () => {
    const document = doc(paragraph(text("from the document")));
    expect(richTextFromForm(JSON.stringify(document), "<script>x</script>", "content")).toEqual({
      html: "<p>from the document</p>",
      document,
    });
  });

  it("refuses an unreadable document on its field", () => {
    expect(() => richTextFromForm("{not json", "", "content")).toThrow(
      expect.objectContaining({
        field: "content",
        message: "The editor's document could not be read. Reload the page and try again.",
      }),
    );
  });
});
