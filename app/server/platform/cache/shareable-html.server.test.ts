import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { scriptHash, shareableHtml } from "./shareable-html.server";

const NONCE = "n0nce+/abcdefghijklmnop==";
const hashOf = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("shareableHtml", () => {
  it("takes every nonce attribute out and allows exactly the inline scripts that carried it", () => {
    const page = Buffer.from(
      `<html><head><script nonce="${NONCE}">window.theme="é"</script>` +
        `<link rel="modulepreload" href="/a.js" nonce="${NONCE}"/>` +
        `<script type="module" src="/b.js" nonce="${NONCE}"></script></head>` +
        `<body><script>window.stray=1</script>` +
        `<script type="module" nonce="${NONCE}">import "/a.js";</script></body></html>`,
    );
    const shared = shareableHtml(page, NONCE);
    expect(shared?.html.toString()).toBe(
      `<html><head><script>window.theme="é"</script>` +
        `<link rel="modulepreload" href="/a.js"/>` +
        `<script type="module" src="/b.js"></script></head>` +
        `<body><script>window.stray=1</script>` +
        `<script type="module">import "/a.js";</script></body></html>`,
    );
    // The script with a src is allowed by 'self'; the stray one, which had no nonce, by nothing.
    expect(shared?.scripts).toEqual(['window.theme="é"', 'import "/a.js";']);
    expect(shared?.scripts.map(scriptHash)).toEqual([hashOf('window.theme="é"'), hashOf('import "/a.js";')]);
  });

  it("lists a script that appears twice once", () => {
    const page = Buffer.from(`<script nonce="${NONCE}">a()</script><script nonce="${NONCE}">a()</script>`);
    expect(shareableHtml(page, NONCE)?.scripts).toEqual(["a()"]);
  });

  it("refuses a page with a nonce attribute of another value, however it is quoted", () => {
    for (const attribute of [`nonce="other"`, `nonce='other'`, `nonce=other`, `NONCE="other"`]) {
      const page = Buffer.from(`<script nonce="${NONCE}">a()</script><script ${attribute}>b()</script>`);
      expect(shareableHtml(page, NONCE), attribute).toBeNull();
    }
  });

  it("refuses a page that holds the nonce outside its attributes, and an empty nonce", () => {
    expect(shareableHtml(Buffer.from(`<script nonce="${NONCE}">var n="${NONCE}"</script>`), NONCE)).toBeNull();
    expect(shareableHtml(Buffer.from(`<script nonce="">a()</script>`), "")).toBeNull();
  });
});
