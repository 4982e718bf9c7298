/**
 * Never lose typed work: while a CMS form has changes that were not saved, leaving asks
 * first. In-app navigation (a link, the tabs, Back, the editor's Preview link) is held by React
 * Router's blocker and asked about in a dialog (UnsavedChangesPrompt, mounted once in the CMS
 * layout); closing the tab or reloading is asked about by the browser's own `beforeunload` prompt.
 *
 * Each form calls `useUnsavedChanges(formRef)`. A form is "changed" when what it would submit
 * differs from what it held when it was shown (or last saved), or when a rich-text area in it was
 * typed into. Submitting it is not leaving: the save's own navigation is let through.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import { useBlocker, useNavigation, type Blocker } from "react-router";
import { FORM_CHANGED_EVENT } from "../editor/local-draft/use-local-draft";

/** The forms with unsaved changes now, and those being submitted (their navigation is a save). */
const changedForms = new Set<object>();
const submittingForms = new Set<object>();
const listeners = new Set<() => void>();

function setChanged(form: object, changed: boolean): void {
  if (changed === changedForms.has(form)) return;
  if (changed) changedForms.add(form);
  else changedForms.delete(form);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * For each form on the page, whether it differs from its saved state at this instant. A form's
 * change is recorded just after the event that made it (see `check` below), so a reload or a
 * click that comes first asks these instead of finding nothing recorded yet.
 */
const changedNow = new Map<object, () => boolean>();

/** Whether any form on the page has unsaved changes, recorded or not yet. */
export function hasUnsavedChanges(): boolean {
  if (changedForms.size > 0) return true;
  for (const isChanged of changedNow.values()) if (isChanged()) return true;
  return false;
}

/** What a form would submit, as one comparable string (the anti-forgery token left out). */
function formState(form: HTMLFormElement): string {
  const entries: string[] = [];
  for (const [name, value] of new FormData(form)) {
    if (name === "csrf") continue;
    entries.push(`${name}=${typeof value === "string" ? value : `${value.name}:${value.size}`}`);
  }
  return entries.join("\n");
}

/**
 * Tracks one form. `savedMarker` is anything that changes when the form's data was saved (the
 * route's loader data, say): the form's current values then become its saved state again.
 * Returns whether the form has unsaved changes.
 */
export function useUnsavedChanges(formRef: RefObject<HTMLFormElement | null>, savedMarker?: unknown): boolean {
  // This form's entry in the page's sets: a stable object, made once.
  const [key] = useState(() => ({}));
  const saved = useRef<string | null>(null);
  /** Whether the form has had an edit since it was shown or last saved. */
  const touched = useRef(false);
  const navigation = useNavigation();

  // The saved state: when the form is shown, and again after each save.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    saved.current = formState(form);
    touched.current = false;
    setChanged(key, false);
  }, [formRef, key, savedMarker]);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const check = (event: Event) => {
      touched.current = true;
      const target = event.target as HTMLElement | null;
      // A rich-text area holds its text outside the form's fields until it syncs them, and its
      // toolbar (an image, a table) changes them from script, which it says with FORM_CHANGED_EVENT.
      const richText = target?.isContentEditable === true || event.type === FORM_CHANGED_EVENT;
      // After the event: a re-render in the middle of it would put a controlled field's old value
      // back before React's own handler has read the new one.
      pending.add(setTimeout(() => setChanged(key, richText || formState(form) !== saved.current), 0));
    };
    // A check still waiting when the form goes (its dialog closed) must not mark it changed again.
    const pending = new Set<ReturnType<typeof setTimeout>>();
    const submitted = () => submittingForms.add(key);
    // Only a form someone has changed counts: a rich-text area may rewrite its field as it starts.
    changedNow.set(key, () => touched.current && formState(form) !== saved.current);
    form.addEventListener("input", check);
    form.addEventListener("change", check);
    form.addEventListener(FORM_CHANGED_EVENT, check);
    form.addEventListener("submit", submitted);
    return () => {
      form.removeEventListener("input", check);
      form.removeEventListener("change", check);
      form.removeEventListener(FORM_CHANGED_EVENT, check);
      form.removeEventListener("submit", submitted);
      for (const timer of pending) clearTimeout(timer);
      changedNow.delete(key);
      setChanged(key, false);
      submittingForms.delete(key);
    };
  }, [formRef, key]);

  // The save's navigation is over: later navigations are leaving again.
  useEffect(() => {
    if (navigation.state === "idle") submittingForms.delete(key);
  }, [navigation.state, key]);

  return useSyncExternalStore(
    subscribe,
    () => changedForms.has(key),
    () => false,
  );
}

/**
 * For a form that adds something (a user, an invitation, a redirect) and is emptied once the
 * server took it: `success` is the answer to a successful submission, undefined otherwise. The
 * form is emptied, then tracked from empty, so leaving with a half-typed one asks first and leaving
 * after adding does not.
 */
export function useClearedOnSuccess(formRef: RefObject<HTMLFormElement | null>, success: unknown): boolean {
  // Before useUnsavedChanges's own effect, which then takes the emptied form as the saved state.
  useEffect(() => {
    if (success) formRef.current?.reset();
  }, [formRef, success]);
  return useUnsavedChanges(formRef, success);
}

/**
 * The navigation state of a deliberate discard: closing a form's dialog with Cancel or Escape is
 * the editor's own choice to drop what it holds (as closing the Careers dialog is), not a leaving
 * to ask about.
 */
export const DISCARD_CHANGES = { discardChanges: true } as const;

function isDiscard(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { discardChanges?: unknown }).discardChanges === true;
}

/**
 * The page's one blocker (React Router allows one at a time): holds a navigation to another
 * address while a form has unsaved changes and none is being saved, and asks the browser to
 * confirm closing or reloading the tab meanwhile. The browser's question is decided when it is
 * asked, so a reload pressed just after typing still asks; CMS pages are never kept in the
 * browser's back-forward cache (no-store), so the listener costs nothing there.
 */
export function useUnsavedChangesBlocker(): Blocker {
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, []);
  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() &&
      submittingForms.size === 0 &&
      !isDiscard(nextLocation.state) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
}
