import { describe, expect, it } from "vitest";
import { applyPlaceholders, fillPlaceholdersDeep } from "./placeholders";

const settings = { company_name: "Larkspire Digital", contact_email: "hello@example.com" };

describe("applyPlaceholders", () => {
  it("replaces each {{key}} with the setting's value", () => {
    expect(applyPlaceholders("Welcome to {{company_name}}. Write to {{contact_email}}.", settings)).toBe(
      "Welcome to Larkspire Digital. Write to hello@example.com.",
    );
  });

  it("replaces every occurrence and tolerates spaces inside the braces", () => {
    expect(applyPlaceholders("{{company_name}} / {{ company_name }}", settings)).toBe(
      "Larkspire Digital / Larkspire Digital",
    );
  });

  it("leaves a placeholder without a matching setting as written", () => {
    expect(applyPlaceholders("Hi {{unknown_key}} and {{Company_Name}}", settings)).toBe(
      "Hi {{unknown_key}} and {{Company_Name}}",
    );
  });

  it("does not reach inherited object properties", () => {
    expect(applyPlaceholders("{{constructor}} {{to_string}}", settings)).toBe("{{constructor}} {{to_string}}");
  });

  it("leaves text without placeholders unchanged, including single braces", () => {
    expect(applyPlaceholders("{company_name} and {{ }}", settings)).toBe("{company_name} and {{ }}");
  });

  it("substitutes an empty value", () => {
    expect(applyPlaceholders("[{{empty}}]", { empty: "" })).toBe("[]");
  });

  it("escapes values for HTML when asked, so a value cannot add markup", () => {
    const values = { company_name: 'A & B <script>alert("x")</script>' };
    expect(applyPlaceholders("<p>{{company_name}}</p>", values, { html: true })).toBe(
      "<p>A &amp; B &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>",
    );
    expect(applyPlaceholders("{{company_name}}", values)).toBe(values.company_name);
  });
});

describe("fillPlaceholdersDeep", () => {
  it("fills every string of nested copy and keeps its shape and other values", () => {
    const copy = {
      title: "About {{company_name}}",
      count: 3,
      flag: true,
      cards: [{ title: "{{company_name}} in London", features: ["Founded by {{company_name}}", "{{unknown}}"] }],
    };
    expect(fillPlaceholdersDeep(copy, { company_name: "Acme" })).toEqual({
      title: "About Acme",
      count: 3,
      flag: true,
      cards: [{ title: "Acme in London", features: ["Founded by Acme", "{{unknown}}"] }],
    });
  });

  it("does not change the original copy", () => {
    const copy = { title: "{{company_name}}" };
    fillPlaceholdersDeep(copy, { company_name: "Acme" });
    expect(copy.title).toBe("{{company_name}}");
  });
});
