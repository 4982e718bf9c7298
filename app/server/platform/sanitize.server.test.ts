import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize.server";

describe("sanitizeRichText", () => {
  it("removes scripts, event handlers and javascript: URLs", () => {
    const html = sanitizeRichText(
      '<p>Hi<script>alert(1)</script></p><img src="https://x.example/a.png" onerror="alert(1)"><a href="javascript:alert(1)">x</a>',
    );
    expect(html).not.toMatch(/script|onerror|javascript:/i);
    expect(html).toBe('<p>Hi</p><img src="https://x.example/a.png" alt="" loading="lazy" /><a>x</a>');
  });

  it("leaves valid HTML: an image keeps its text alternative or is marked decorative; a refused link keeps no rel", () => {
    expect(sanitizeRichText('<img src="https://x.example/a.png" alt="A chart">')).toBe(
      '<img src="https://x.example/a.png" alt="A chart" loading="lazy" />',
    );
    expect(sanitizeRichText('<a href="javascript:alert(1)" title="t" rel="me" target="_blank">x</a>')).toBe(
      '<a title="t">x</a>',
    );
  });

  it("keeps a responsive picture only when every srcset address is a library file", () => {
    const own = "/media/media-1-abc-320.webp 320w, /media/media-1-abc-640.webp 640w";
    const html = sanitizeRichText(
      `<picture><source type="image/avif" srcset="${own.replace(/webp/g, "avif")}" sizes="100vw">` +
        `<source type="image/webp" srcset="https://evil.example/x.webp 320w" sizes="100vw">` +
        `<source type="text/html" srcset="${own}">` +
        `<img src="/media/media-1-abc-960.webp" srcset="${own}" sizes="50vw" decoding="async" alt="A chart"></picture>` +
        `<img src="https://x.example/a.png" srcset="javascript:alert(1) 1x, /media/a.webp 2x" alt="">`,
    );
    expect(html).toBe(
      `<picture><source srcset="${own.replace(/webp/g, "avif")}" sizes="100vw" type="image/avif" />` +
        `<img src="/media/media-1-abc-960.webp" alt="A chart" srcset="${own}" sizes="50vw" decoding="async" loading="lazy" /></picture>` +
        `<img src="https://x.example/a.png" alt="" loading="lazy" />`,
    );
  });

  it("drops the formatting whitespace between blocks but keeps whitespace inside text", () => {
    const html = sanitizeRichText(
      "<h2>Title</h2>\n\n<ul>\n  <li><strong>One:</strong> first</li>\n  <li>Two\n  lines</li>\n</ul>\n<p>a  b</p>",
    );
    expect(html).toBe("<h2>Title</h2><ul><li><strong>One:</strong> first</li><li>Two\n  lines</li></ul><p>a  b</p>");
  });

  it("makes links that open a new tab unable to reach back", () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toContain(
      'rel="noopener noreferrer"',
    );
  });

  it("cleans an input it has seen before just as well, each distinct input on its own", () => {
    const attack = '<p onclick="steal()">Hi<script>steal()</script><a href="javascript:steal()">x</a></p>';
    const first = sanitizeRichText(attack);
    expect(first).toBe("<p>Hi<a>x</a></p>");
    expect(sanitizeRichText(attack)).toBe(first);
    expect(sanitizeRichText(`<h2>Title</h2>${attack}`)).toBe("<h2>Title</h2><p>Hi<a>x</a></p>");
    expect(sanitizeRichText("<p>Other</p>")).toBe("<p>Other</p>");
  });
});
