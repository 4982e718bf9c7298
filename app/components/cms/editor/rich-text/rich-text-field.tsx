/**
 * The CMS's rich-text field. The server and a browser without JavaScript get a plain HTML textarea
 * (posted as `<name>`, sanitised like every stored body); once the page has hydrated, the editor's
 * code is loaded on demand, so neither the public site nor the CMS's first paint carries it.
 */
import { useEffect, useId, useRef, useState, type ComponentType } from "react";
import { TextareaField } from "~/components/ui/form-field";
import type { RichTextEditorProps } from "./types";

interface LoadedEditor {
  Editor: ComponentType<RichTextEditorProps>;
  /** What was typed into the textarea while the editor loaded; null when nothing was. */
  typed: string | null;
}

export function RichTextEditor(props: RichTextEditorProps) {
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [loaded, setLoaded] = useState<LoadedEditor | null>(null);

  // Effects run only in the browser, after hydration: the server's HTML and the first render agree.
  // The textarea stays in place until the editor's code is here, and the editor starts from what
  // was typed into it meanwhile (on a slow connection, or before hydration), so nothing is lost.
  useEffect(() => {
    let mounted = true;
    import("./editor")
      .then(({ default: Editor }) => {
        const field = textarea.current;
        if (!mounted) return;
        setLoaded({ Editor, typed: field && field.value !== field.defaultValue ? field.value : null });
      })
      // Without the editor the textarea goes on working as the HTML field it is.
      .catch((error: unknown) => console.warn("The rich-text editor could not load", error));
    return () => {
      mounted = false;
    };
  }, []);

  if (loaded) {
    const { Editor, typed } = loaded;
    return <Editor {...props} {...(typed === null ? {} : { initialHtml: typed, initialDocument: null })} />;
  }
  return (
    <TextareaField
      ref={textarea}
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
}
