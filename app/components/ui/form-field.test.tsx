// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FormAlert, SelectField, TextareaField, TextField } from "./form-field";

afterEach(cleanup);

describe("TextField", () => {
  it("is labelled, and neither invalid nor described while there is no error", () => {
    render(<TextField id="f-email" label="Email" name="email" type="email" />);
    const input = screen.getByLabelText("Email");
    expect(input).toHaveProperty("name", "email");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(input.getAttribute("aria-describedby")).toBeNull();
    expect(document.getElementById("f-email-error")).toBeNull();
  });

  it("is invalid and described by its error message", () => {
    render(<TextField id="f-email" label="Email" name="email" error="Enter an e-mail address" />);
    const input = screen.getByLabelText("Email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("f-email-error");
    expect(document.getElementById("f-email-error")?.textContent).toBe("Enter an e-mail address");
  });

  it("stays invalid without a message of its own when told so", () => {
    render(<TextField id="f-title" label="Title" name="title" invalid />);
    const input = screen.getByLabelText("Title");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBeNull();
  });
});

describe("TextareaField", () => {
  it("is described by its hint, and by the error as well when there is one", () => {
    const { rerender } = render(<TextareaField id="f-data" label="Data" name="data" hint="A JSON object" />);
    const textarea = screen.getByLabelText("Data");
    expect(textarea.tagName).toBe("TEXTAREA");
    expect(textarea.getAttribute("aria-describedby")).toBe("f-data-hint");
    rerender(<TextareaField id="f-data" label="Data" name="data" hint="A JSON object" error="Not JSON" />);
    expect(textarea.getAttribute("aria-describedby")).toBe("f-data-hint f-data-error");
  });
});

describe("SelectField", () => {
  it("lists its children first, then one option per value", () => {
    render(
      <SelectField id="f-type" label="Type" name="type" options={["a", "b"]} optionLabel={(v) => v.toUpperCase()}>
        <option value="">All</option>
      </SelectField>,
    );
    const options = [...screen.getByLabelText("Type").querySelectorAll("option")];
    expect(options.map((option) => [option.value, option.textContent])).toEqual([
      ["", "All"],
      ["a", "A"],
      ["b", "B"],
    ]);
  });
});

describe("FormAlert", () => {
  it("shows nothing without a message, else an alert", () => {
    const { rerender } = render(<FormAlert />);
    expect(screen.queryByRole("alert")).toBeNull();
    rerender(<FormAlert>Wrong password</FormAlert>);
    expect(screen.getByRole("alert").textContent).toBe("Wrong password");
  });
});
