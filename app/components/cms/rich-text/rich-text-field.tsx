/**
 * The CMS's rich-text field. The server and a browser without JavaScript get a plain HTML textarea
 * (posted as `<name>`, sanitised like every stored body); once the page has hydrated, the editor's
 * code is loaded on demand (React.lazy), so neither the public site nor the CMS's first paint
 * carries it.
 */
import { lazy, Suspense, useId } from "react";
import { useHydrated } from "~/components/cms/course-list";
import { TextareaField } from "~/components/ui/form-field";
import type { RichTextEditorProps } from "./types";

const Editor = lazy(() => import("./editor"));

export function RichTextEditor(props: RichTextEditorProps) {
  const id = useId();
  // After hydration only: the server's HTML and the browser's first render must agree.
  const enhanced = useHydrated();
  const fallback = (
    <TextareaField
      id={`${id}-html`}
      name={props.name}
      label={props.label}
      error={props.error}
      hint={props.hint}
      rows={12}
      defaultValue={props.initialHtml}
      className="font-mono"
    />
  );
  if (!enhanced) return fallback;
  return (
    <Suspense fallback={fallback}>
      <Editor {...props} />
    </Suspense>
  );
}
