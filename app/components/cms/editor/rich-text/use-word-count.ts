import type { Editor } from "@tiptap/react";
import { useEffect, useState } from "react";

/** How many words, said once typing pauses (a screen reader is not told at every keystroke). */
export function useSettledWordCount(editor: Editor | null) {
  const [words, setWords] = useState(() => editor?.storage.characterCount.words() ?? 0);
  useEffect(() => {
    if (!editor) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const count = (delay: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => setWords(editor.storage.characterCount.words()), delay);
    };
    const update = () => count(800);
    count(0);
    editor.on("update", update);
    return () => {
      clearTimeout(timer);
      editor.off("update", update);
    };
  }, [editor]);
  return words;
}
