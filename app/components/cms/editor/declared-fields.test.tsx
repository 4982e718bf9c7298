// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { defineKind } from "~/lib/content-kinds/define-kind";
import { z } from "~/lib/schemas/zod";
import { DeclaredFields } from "./declared-fields";

interface Row {
  title: string;
  minutes: number | null;
  level: string;
  summary: string | null;
  body: string;
}

const sample = defineKind<Row>()({
  kind: "content",
  access: { view: "content.view", edit: "content.edit" },
  publishing: { slug: null, redirects: false, scheduling: false },
  fields: {
    title: { label: "Title", widget: "text", rule: z.string() },
    minutes: { label: "Reading time", widget: "number", rule: z.coerce.number(), hint: "Minutes to read the page" },
    level: { label: "Level", widget: "select", options: ["Beginner", "Advanced"], rule: z.string() },
    summary: { label: "Summary", widget: "textarea", rule: z.string().nullable() },
    body: { label: "Body", widget: "rich-text", rule: z.string() },
  },
});

afterEach(cleanup);

describe("DeclaredFields", () => {
  it("draws each field the form does not place, with its label, hint and saved value", () => {
    render(
      <form>
        <DeclaredFields
          kind={sample}
          except={["title", "body"]}
          values={{ minutes: "12", level: "Advanced", summary: "" }}
          errors={{}}
        />
      </form>,
    );
    expect(screen.queryByLabelText("Title")).toBeNull();
    const minutes = screen.getByLabelText("Reading time") as HTMLInputElement;
    expect(minutes.name).toBe("minutes");
    expect(minutes.type).toBe("number");
    expect(minutes.value).toBe("12");
    expect(screen.getByText("Minutes to read the page").id).toBe(minutes.getAttribute("aria-describedby"));
    expect((screen.getByLabelText("Level") as HTMLSelectElement).value).toBe("Advanced");
    expect(screen.getByLabelText("Summary").tagName).toBe("TEXTAREA");
  });

  it("shows what was typed into a refused save, and the field's error", () => {
    render(
      <DeclaredFields
        kind={sample}
        except={["title", "body"]}
        values={{ minutes: "12" }}
        refused={{ minutes: "-3" }}
        errors={{ minutes: "Reading time must be at least 1" }}
      />,
    );
    const minutes = screen.getByLabelText("Reading time") as HTMLInputElement;
    expect(minutes.value).toBe("-3");
    expect(minutes.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Reading time must be at least 1")).toBeTruthy();
  });

  it("refuses to draw a rich-text field, which needs the form's own editor", () => {
    expect(() => render(<DeclaredFields kind={sample} except={["title"]} values={null} errors={{}} />)).toThrow(
      /rich-text field "body" is placed by the form itself/,
    );
  });
});
