/**
 * The editor form's controls for a kind's declared fields (lib/content-kinds), drawn from each
 * field's widget, label and hint. A form places the fields that need more than a control (a title
 * that fills the slug, a body in the rich-text editor, the SEO panel) itself and names them in
 * `except`; every other declared field appears here, so a field added to the declaration is in
 * the editor without an edit to the form.
 */
import { useId } from "react";
import { SelectField, TextareaField, TextField } from "~/components/ui/form-field";
import type { DeclaredKind, TypedFieldNameOf } from "~/lib/content-kinds/define-kind";
import { typedFieldsOf } from "~/lib/content-kinds/define-kind";

export function DeclaredFields<Kind extends DeclaredKind>({
  kind,
  except,
  values,
  refused,
  errors,
}: {
  kind: Kind;
  /** The fields the form places itself. */
  except: readonly TypedFieldNameOf<Kind>[];
  /** The item's values as the editor opens them (editorValuesOf); null for a new item. */
  values: Readonly<Record<string, unknown>> | null;
  /** What was typed into a refused save, shown again instead of the saved values. */
  refused?: Record<string, string>;
  errors: Record<string, string>;
}) {
  const id = useId();
  const placed = new Set<string>(except);
  return typedFieldsOf(kind)
    .filter(([name]) => !placed.has(name))
    .map(([name, field]) => {
      const saved = values?.[name];
      const common = {
        id: `${id}-${name}`,
        name,
        label: field.label,
        hint: field.hint,
        error: errors[name],
        defaultValue: refused?.[name] ?? (saved === null || saved === undefined ? "" : String(saved)),
      };
      switch (field.widget) {
        case "text":
          return <TextField key={name} {...common} />;
        case "number":
          return <TextField key={name} {...common} type="number" inputMode="numeric" />;
        case "textarea":
        case "lines":
          return <TextareaField key={name} {...common} rows={field.widget === "lines" ? 5 : 3} />;
        case "select":
          return <SelectField key={name} {...common} options={field.options ?? []} />;
        case "rich-text":
          // Its editor needs the page's options and its HTML the server's sanitising: the form places it.
          throw new Error(`The rich-text field "${name}" is placed by the form itself; name it in \`except\`.`);
      }
    });
}
