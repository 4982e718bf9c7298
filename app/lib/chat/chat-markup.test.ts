import { describe, expect, it } from "vitest";
import { chatMarkupText, parseChatMarkup, resolveChatLink, type ChatBlock, type ChatInline } from "./chat-markup";

const ORIGIN = "https://www.example.co.uk";
const text = (value: string) => ({ type: "text", text: value }) as const;
const paragraph = (...children: ChatInline[]): ChatBlock => ({ type: "paragraph", children });
const route = (to: string, label: string): ChatInline => ({
  type: "link",
  target: { kind: "route", to },
  children: [text(label)],
});

describe("parseChatMarkup", () => {
  it("reads plain text as one paragraph", () => {
    expect(parseChatMarkup("We run six courses.")).toEqual([paragraph(text("We run six courses."))]);
  });

  it("splits paragraphs at blank lines and keeps single line breaks inside one", () => {
    expect(parseChatMarkup("First line\nsecond line\n\n  \nNext paragraph")).toEqual([
      paragraph(text("First line"), { type: "break" }, text("second line")),
      paragraph(text("Next paragraph")),
    ]);
  });

  it("reads lines starting with '- ' or '* ' as one list, beside the paragraph before it", () => {
    expect(parseChatMarkup("Our courses:\n- AWS\n* Scrum\r\n- DevOps\n\nAsk away.")).toEqual([
      paragraph(text("Our courses:")),
      { type: "list", items: [[text("AWS")], [text("Scrum")], [text("DevOps")]] },
      paragraph(text("Ask away.")),
    ]);
  });

  it("does not read '-5' or '*bold*' at the start of a line as a list item", () => {
    expect(parseChatMarkup("-5 degrees\n*note*")).toEqual([
      paragraph(text("-5 degrees"), { type: "break" }, text("*note*")),
    ]);
  });

  it("reads **bold**, also inside links and list items, and leaves a lone ** as text", () => {
    expect(parseChatMarkup("- **£1,299** for [the **AWS** course](/training)\nA ** star")).toEqual([
      {
        type: "list",
        items: [
          [
            { type: "strong", children: [text("£1,299")] },
            text(" for "),
            {
              type: "link",
              target: { kind: "route", to: "/training" },
              children: [text("the "), { type: "strong", children: [text("AWS")] }, text(" course")],
            },
          ],
        ],
      },
      paragraph(text("A ** star")),
    ]);
  });

  it("turns site paths into client-side links, keeping the query and fragment", () => {
    expect(parseChatMarkup("See [our courses](/training?level=beginner#aws) or [careers](/careers).")).toEqual([
      paragraph(
        text("See "),
        route("/training?level=beginner#aws", "our courses"),
        text(" or "),
        route("/careers", "careers"),
        text("."),
      ),
    ]);
  });

  it("keeps e-mail and phone links as plain links", () => {
    expect(parseChatMarkup("[Mail us](mailto:hello@example.co.uk) or [call](tel:+442079460000)")).toEqual([
      paragraph(
        { type: "link", target: { kind: "href", href: "mailto:hello@example.co.uk" }, children: [text("Mail us")] },
        text(" or "),
        { type: "link", target: { kind: "href", href: "tel:+442079460000" }, children: [text("call")] },
      ),
    ]);
  });

  it("turns an absolute address on the page's own origin into a link to its path", () => {
    expect(parseChatMarkup(`[Contact](${ORIGIN}/contact)`, ORIGIN)).toEqual([paragraph(route("/contact", "Contact"))]);
    // Without the page's origin, an absolute address cannot be trusted.
    expect(parseChatMarkup(`[Contact](${ORIGIN}/contact)`)).toEqual([paragraph(text("Contact"))]);
  });

  it("shows links to anywhere else as their text only", () => {
    const hostile = [
      "javascript:alert(1)",
      "JavaScript:alert(document.cookie)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox",
      "//evil.example",
      "//evil.example/training",
      "/\\evil.example",
      "https://evil.example/contact",
      "http://www.example.co.uk.evil.example/",
      `${ORIGIN}@evil.example/`,
      "http://www.example.co.uk/", // another scheme is another origin
      "training",
      "ftp://example.co.uk/file",
      "mailto:",
      "tel:javascript",
    ];
    for (const url of hostile) {
      expect(parseChatMarkup(`Click [here](${url}) now`, ORIGIN), url).toEqual([paragraph(text("Click here now"))]);
    }
  });

  it("reads parentheses inside an address as part of it", () => {
    expect(parseChatMarkup("[Courses](/training?q=(aws)) and more")).toEqual([
      paragraph(route("/training?q=(aws)", "Courses"), text(" and more")),
    ]);
  });

  it("does not let a tab or line break inside a site path lead elsewhere", () => {
    expect(resolveChatLink("/\t/evil.example", ORIGIN)).toBeNull();
  });

  // Each address as a model might write it; a kept link must lead, as the browser resolves it
  // (new URL(to, origin)), to this site, and its path must not start with "//" or "/\" even once a
  // router decodes it.
  const TRICKY_ADDRESSES = [
    "/..//evil.example",
    "/../..//evil.example/training",
    "/./\\/evil.example",
    "/.//evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5c%5cevil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "/ /evil.example",
    `${ORIGIN}/..//evil.example`,
    `${ORIGIN}//evil.example`,
    `${ORIGIN}/%2F%2Fevil.example`,
    "https:/\\evil.example",
    "https:evil.example",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "\u0001javascript:alert(1)",
    "/%",
  ];

  it.each(TRICKY_ADDRESSES)("refuses %j, which could lead elsewhere", (url) => {
    expect(resolveChatLink(url, ORIGIN)).toBeNull();
    expect(resolveChatLink(url)).toBeNull();
  });

  it.each([
    ["/training", "/training"],
    ["/ai/../training", "/training"],
    ["/./contact?job=Cloud%20Engineer#form", "/contact?job=Cloud%20Engineer#form"],
    ["/content/a%2Fb", "/content/a%2Fb"],
    [`${ORIGIN}/careers`, "/careers"],
  ])("keeps %j as the same-site path %j", (url, to) => {
    const target = resolveChatLink(url, ORIGIN);
    expect(target).toEqual({ kind: "route", to });
    const resolved = new URL(to, ORIGIN);
    expect(resolved.origin).toBe(ORIGIN);
    expect(`${resolved.pathname}${resolved.search}${resolved.hash}`).toBe(to);
  });

  it("shows [x](/..//evil.example) as its text, not as a link off the site", () => {
    expect(parseChatMarkup("Go [x](/..//evil.example) now", ORIGIN)).toEqual([paragraph(text("Go x now"))]);
  });

  it("shows HTML as text, never as markup", () => {
    const html = '<img src=x onerror="alert(1)"><script>alert(1)</script><a href="https://evil.example">x</a>';
    expect(parseChatMarkup(html)).toEqual([paragraph(text(html))]);
  });

  it("leaves broken link syntax as text", () => {
    for (const source of ["[no url]", "[empty]()", "[spaced](/a b)", "[open](/training", "](/x)"]) {
      const blocks = parseChatMarkup(source);
      expect(
        blocks.flatMap((block) => (block.type === "paragraph" ? block.children : [])),
        source,
      ).toEqual([text(source)]);
    }
  });

  it("gives nothing for an empty or blank reply", () => {
    expect(parseChatMarkup("")).toEqual([]);
    expect(parseChatMarkup(" \n\n \n")).toEqual([]);
  });

  it("copes with a very long hostile reply quickly", () => {
    const source = "[".repeat(20_000) + "**".repeat(10_000) + "](".repeat(10_000);
    const started = performance.now();
    parseChatMarkup(source);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("chatMarkupText", () => {
  it("gives the reply's words without markup, for a screen reader", () => {
    expect(chatMarkupText("We offer:\n- **AWS** course\n- [Scrum](/training)\n\nSee [all](javascript:x).")).toBe(
      "We offer: AWS course; Scrum See all.",
    );
  });
});
