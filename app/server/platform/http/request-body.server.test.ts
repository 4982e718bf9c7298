import { describe, expect, it } from "vitest";
import { bodyLimitFor } from "./body-limits.server";
import {
  BODY_MESSAGES,
  parseUrlEncoded,
  readBodyBytes,
  readForm,
  readFormOrPlainRefusal,
  readJson,
  readText,
  RequestBodyError,
} from "./request-body.server";

/**
 * A body produced on demand, 64 KiB at a time, up to `total` bytes, counting what the reader
 * pulled: the proof that reading stops at the cap rather than after the whole body arrived.
 */
function endlessBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        counter.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

function post(path: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

async function refusal(promise: Promise<unknown>): Promise<RequestBodyError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RequestBodyError);
  return error as RequestBodyError;
}

describe("readBodyBytes", () => {
  it("stops reading a chunked 50 MB body just past the address's cap, with 413", async () => {
    const { stream, counter } = endlessBody(50 * 1024 * 1024);
    const error = await refusal(readBodyBytes(post("/cms", stream, { "Content-Type": "text/plain" })));
    expect(error.status).toBe(413);
    expect(error.message).toBe(BODY_MESSAGES.tooLarge(bodyLimitFor("/cms")));
    expect(error.message).toContain("at most 16 KB");
    // The cap is 16 KB: one 64 KB chunk is all it took to know.
    expect(counter.pulled).toBeLessThanOrEqual(128 * 1024);
  });

  it("refuses a Content-Length over the cap before reading anything", async () => {
    const { stream, counter } = endlessBody(1024 * 1024);
    const request = post("/api/checkout", stream, { "Content-Length": String(50 * 1024 * 1024) });
    const error = await refusal(readBodyBytes(request));
    expect(error.status).toBe(413);
    expect(counter.pulled).toBe(0);
  });

  it("counts the bytes that arrive, not the Content-Length that was claimed", async () => {
    const { stream } = endlessBody(1024 * 1024);
    const error = await refusal(readBodyBytes(post("/api/checkout", stream, { "Content-Length": "10" })));
    expect(error.status).toBe(413);
  });

  it("reads a body within the cap whole", async () => {
    const bytes = await readBodyBytes(post("/api/chat", "x".repeat(100 * 1024)));
    expect(bytes.byteLength).toBe(100 * 1024);
  });

  it("has one cap per address, single-fetch addresses included", () => {
    expect(bodyLimitFor("/contact")).toBe(12 * 1024 * 1024);
    expect(bodyLimitFor("/cms/content/abc.data")).toBe(4 * 1024 * 1024);
    expect(bodyLimitFor("/cms/settings.data")).toBe(256 * 1024);
    expect(bodyLimitFor("/cms.data")).toBe(16 * 1024);
    expect(bodyLimitFor("/api/webhooks/stripe")).toBe(512 * 1024);
    expect(bodyLimitFor("/api/cookie-consent")).toBe(1024);
  });
});

describe("readJson", () => {
  it("answers malformed JSON with 400 and a plain message", async () => {
    const error = await refusal(readJson(post("/api/checkout", "{not json")));
    expect(error.status).toBe(400);
    expect(error.message).toBe("The request body must be JSON.");
  });

  it("refuses a NUL character anywhere in the JSON, keys included", async () => {
    for (const body of ['{"message":"hi\\u0000"}', '{"a":[{"b\\u0000":1}]}']) {
      const error = await refusal(readJson(post("/api/chat", body)));
      expect(error.status).toBe(400);
      expect(error.message).toBe(BODY_MESSAGES.nul);
    }
  });

  it("refuses invalid UTF-8 bytes and lone surrogates", async () => {
    const invalid = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]); // {"a":"\xff\xfe"}
    expect((await refusal(readJson(post("/api/chat", invalid)))).message).toBe(BODY_MESSAGES.notUtf8);
    expect((await refusal(readJson(post("/api/chat", '{"a":"\\ud800"}')))).message).toBe(BODY_MESSAGES.notUtf8);
  });

  it("reads good JSON, emoji and all", async () => {
    expect(await readJson(post("/api/chat", '{"message":"Hello 👋 café"}'))).toEqual({ message: "Hello 👋 café" });
  });
});

describe("readText", () => {
  it("gives a webhook's payload exactly as it arrived", async () => {
    const payload = '{"id":"evt_1","type":"checkout.session.completed"}\n';
    expect(await readText(post("/api/webhooks/stripe", payload))).toBe(payload);
  });
});

describe("readForm", () => {
  const urlEncoded = { "Content-Type": "application/x-www-form-urlencoded" };

  it("reads a URL-encoded form", async () => {
    const form = await readForm(post("/cms", "email=a%40b.example&password=p+w%C3%A9&empty=", urlEncoded));
    expect(Object.fromEntries(form)).toEqual({ email: "a@b.example", password: "p wé", empty: "" });
  });

  it("refuses %00 and percent-escapes that are not UTF-8, which URLSearchParams would let through", async () => {
    expect((await refusal(readForm(post("/cms", "email=a%00b", urlEncoded)))).message).toBe(BODY_MESSAGES.nul);
    expect((await refusal(readForm(post("/cms", "email=%FF%FE", urlEncoded)))).message).toBe(BODY_MESSAGES.notUtf8);
    expect(() => parseUrlEncoded(new TextEncoder().encode("a=%C3"))).toThrow(BODY_MESSAGES.notUtf8);
  });

  it("reads a multipart form of text fields", async () => {
    const body = new FormData();
    body.set("intent", "save");
    body.set("title", "Zoë");
    const form = await readForm(post("/cms/content/1", body));
    expect(Object.fromEntries(form)).toEqual({ intent: "save", title: "Zoë" });
  });

  it("answers a broken multipart body with 400, a file with 415 and another type with 415", async () => {
    const broken = await refusal(
      readForm(post("/cms", "--x\r\nnot a part", { "Content-Type": "multipart/form-data; boundary=x" })),
    );
    expect(broken.status).toBe(400);
    expect(broken.message).toBe(BODY_MESSAGES.notForm);

    const withFile = new FormData();
    withFile.set("file", new Blob(["plain text"]), "a.txt");
    expect((await refusal(readForm(post("/cms", withFile)))).status).toBe(415);

    const json = await refusal(readForm(post("/cms", "{}", { "Content-Type": "application/json" })));
    expect(json.status).toBe(415);
    expect(json.message).toBe(BODY_MESSAGES.formType);
  });

  it("refuses an oversize form however it is sent", async () => {
    const { stream } = endlessBody(50 * 1024 * 1024);
    expect((await refusal(readForm(post("/downloads/x", stream, urlEncoded)))).status).toBe(413);
  });
});

describe("readFormOrPlainRefusal", () => {
  it("gives the form, or the refusal as a plain-text answer to send instead", async () => {
    const form = await readFormOrPlainRefusal(
      post("/cms/logout", "csrf=t", { "Content-Type": "application/x-www-form-urlencoded" }),
    );
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get("csrf")).toBe("t");

    const answer = await readFormOrPlainRefusal(post("/cms/logout", "{}", { "Content-Type": "application/json" }));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(415);
    expect((answer as Response).headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await (answer as Response).text()).toBe(BODY_MESSAGES.formType);
  });
});
