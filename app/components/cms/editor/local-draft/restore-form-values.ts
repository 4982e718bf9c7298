/**
 * Puts a kept copy's values back into the form on screen, as if they had been typed: each field
 * gets its value and an `input` and `change` event, so React's controlled fields (the title and
 * slug, the SEO counters) take them into their state, the unsaved-changes guard sees a change, and
 * the local draft keeps recording. Fields written from script (the rich-text editor's hidden
 * document and HTML) learn of the restore through FORM_RESTORED_EVENT on the form, whose `detail`
 * holds every value, and load them themselves.
 */

/** Fired on the form after a restore; `detail` is the restored values by field name. */
export const FORM_RESTORED_EVENT = "cms:form-restored";

/** Fields of the request, not of what was typed. */
const SKIPPED_FIELDS = new Set(["csrf", "intent"]);

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isField(element: Element): element is Field {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}

/**
 * Sets the value through the element's own prototype setter: React tracks the value it last wrote
 * and would take an assignment through its own wrapper for no change at all.
 */
function setNativeValue(field: Field, value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
}

export function restoreFormValues(form: HTMLFormElement, values: Record<string, string>): void {
  for (const element of Array.from(form.elements)) {
    if (!isField(element) || !element.name || element.disabled || SKIPPED_FIELDS.has(element.name)) continue;
    if (!Object.hasOwn(values, element.name)) continue;
    const value = values[element.name]!;
    if (element instanceof HTMLInputElement && ["submit", "button", "reset", "file", "image"].includes(element.type))
      continue;
    if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
      element.checked = element.value === value;
    } else if (element.type === "hidden") {
      // Written by a component, which hears FORM_RESTORED_EVENT below; no typing event for it.
      element.value = value;
      continue;
    } else {
      setNativeValue(element, value);
    }
    element.dispatchEvent(new Event("input", { bubbles: true }));
    element.dispatchEvent(new Event("change", { bubbles: true }));
  }
  form.dispatchEvent(new CustomEvent(FORM_RESTORED_EVENT, { detail: values }));
}
