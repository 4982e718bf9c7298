import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./content-disposition.server";

describe("attachmentDisposition", () => {
  it("gives an ASCII fallback and the exact name encoded as RFC 5987", () => {
    expect(attachmentDisposition("CV Zoë (final).pdf")).toBe(
      `attachment; filename="CV Zoe (final).pdf"; filename*=UTF-8''CV%20Zo%C3%AB%20%28final%29.pdf`,
    );
    expect(attachmentDisposition("简历.docx")).toBe(
      `attachment; filename="__.docx"; filename*=UTF-8''%E7%AE%80%E5%8E%86.docx`,
    );
  });

  it("never lets quotes, backslashes, CR or LF into the header", () => {
    const header = attachmentDisposition('a"b\\c\r\nSet-Cookie: x=1;.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="a_b_cSet-Cookie: x=1;.pdf"; filename*=UTF-8''a%22b%5CcSet-Cookie%3A%20x%3D1%3B.pdf`,
    );
    expect(() => new Headers({ "Content-Disposition": header })).not.toThrow();
  });

  it("falls back to a default name when nothing is left", () => {
    expect(attachmentDisposition("\r\n")).toBe(`attachment; filename="attachment"; filename*=UTF-8''attachment`);
  });
});
