import { describe, expect, it } from "vitest";
import { cutFormToken, fillFormToken } from "./form-token-slots.server";

describe("form token slots", () => {
  const page = Buffer.from(
    `<input name="token" value="111.aaa"/><script>ctx={"formToken":"111.aaa"}</script><script>x()</script>`,
  );
  const scripts = [`ctx={"formToken":"111.aaa"}`, "x()"];

  it("puts a new token everywhere the old one was, in the page and in its scripts", () => {
    const slots = cutFormToken(page, scripts, "111.aaa");
    const filled = fillFormToken(slots!, "222.bbbb");
    expect(filled.html.toString()).toBe(
      `<input name="token" value="222.bbbb"/><script>ctx={"formToken":"222.bbbb"}</script><script>x()</script>`,
    );
    expect(filled.scripts).toEqual([`ctx={"formToken":"222.bbbb"}`, "x()"]);
    expect(fillFormToken(slots!, "111.aaa").html.equals(page)).toBe(true);
  });

  it("leaves a page without the token (or with no token) alone", () => {
    expect(cutFormToken(page, scripts, "333.ccc")).toBeNull();
    expect(cutFormToken(page, scripts, "")).toBeNull();
  });
});
