/**
 * Keeps what is typed into a CMS form in this browser until it is saved ("Never lose
 * work"): after a crash, a closed tab or a reload, the form offers to restore it. The copy is
 * written a moment after each change, and forgotten once a save reaches the server (the item's
 * version changes) or the editor discards it; signing out forgets every copy (sign-out-button.tsx),
 * since a shared computer should not keep unpublished text.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

const STORAGE_PREFIX = "cms-draft:";
/** Long enough not to write on every keystroke, short enough that a crash loses almost nothing. */
const WRITE_DELAY_MS = 400;
/** Fields that belong to the request, not to what was typed. */
const SKIPPED_FIELDS = new Set(["csrf", "intent"]);

/**
 * Components that change a form's hidden fields from script (the rich-text editor, pickers) fire
 * this event on the field, bubbling, since such changes fire no `input` event.
 */
export const FORM_CHANGED_EVENT = "cms:form-change";

export interface LocalDraft {
  values: Record<string, string>;
  savedAt: number;
}

/** The text fields of a form as they would be posted, without the request's own fields. */
export function typedValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && !SKIPPED_FIELDS.has(name)) values[name] = value;
  }
  return values;
}

function sameValues(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? "") === (b[key] ?? ""));
}

function readDraft(storageKey: string): LocalDraft | null {
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey) ?? "null") as LocalDraft | null;
    return kept && typeof kept.savedAt === "number" && kept.values && typeof kept.values === "object" ? kept : null;
  } catch {
    return null;
  }
}

function writeDraft(storageKey: string, draft: LocalDraft): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the form works as before, without the safety copy.
  }
}

function forgetDraft(storageKey: string): void {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** Forgets every kept copy in this browser (on sign-out). */
export function forgetAllLocalDrafts(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept.
  }
}

/**
 * @param key which form and item (e.g. `content:<id>` or `content:new`)
 * @param version the item's version as the server last saved it (its updated-at time); a change
 *   means a save went through.
 * @returns the copy kept from an earlier visit, if it differs from what the form shows, and what to
 *   do with it. `restore` hands its values back for the form to show (and keeps recording).
 */
export function useLocalDraft(formRef: RefObject<HTMLFormElement | null>, key: string, version: string) {
  const storageKey = STORAGE_PREFIX + key;
  const [offered, setOffered] = useState<LocalDraft | null>(null);
  // While a kept copy waits for an answer, typing must not overwrite it.
  const offeredRef = useRef<LocalDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const offer = useCallback((draft: LocalDraft | null) => {
    offeredRef.current = draft;
    setOffered(draft);
  }, []);

  useEffect(() => {
    const form = formRef.current;
    const kept = readDraft(storageKey);
    if (!form || !kept) return;
    if (sameValues(kept.values, typedValues(form))) forgetDraft(storageKey);
    else offer(kept);
  }, [formRef, storageKey, offer]);

  useEffect(() => {
    // Heard on the document, so a form that is drawn again (a new element behind the same ref) is
    // still followed.
    const record = (event: Event) => {
      const form = formRef.current;
      if (!form || !(event.target instanceof Node) || !form.contains(event.target)) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const current = formRef.current;
        if (current && !offeredRef.current) {
          writeDraft(storageKey, { values: typedValues(current), savedAt: Date.now() });
        }
      }, WRITE_DELAY_MS);
    };
    for (const type of ["input", "change", FORM_CHANGED_EVENT]) document.addEventListener(type, record);
    return () => {
      clearTimeout(timer.current);
      for (const type of ["input", "change", FORM_CHANGED_EVENT]) document.removeEventListener(type, record);
    };
  }, [formRef, storageKey]);

  // A save that reached the server: what was kept is stored there now.
  const firstVersion = useRef(version);
  useEffect(() => {
    if (version === firstVersion.current) return;
    firstVersion.current = version;
    clearTimeout(timer.current);
    forgetDraft(storageKey);
    offer(null);
  }, [version, storageKey, offer]);

  const restore = useCallback((): Record<string, string> => {
    const values = offeredRef.current?.values ?? {};
    offer(null);
    return values;
  }, [offer]);

  /** Forgets the kept copy (and a write still waiting): the editor dropped it, or a save stored it. */
  const discard = useCallback(() => {
    clearTimeout(timer.current);
    forgetDraft(storageKey);
    offer(null);
  }, [storageKey, offer]);

  return { offered, restore, discard };
}
