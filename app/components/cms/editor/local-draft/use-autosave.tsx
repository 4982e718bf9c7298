/**
 * Autosave for a CMS form that saves by navigating (the content editor): what is typed is kept in
 * this browser (useLocalDraft), a kept copy from an earlier visit is offered back (Restore or
 * Discard), and the copy is forgotten once a save of this form went through, which the editor sees
 * as the save's redirect to another page. A save that is refused stays on the page and keeps it.
 */
import { useEffect, useRef, type RefObject } from "react";
import { useLocation, useNavigation } from "react-router";
import { RestoreDraftNotice } from "./restore-draft-notice";
import { restoreFormValues } from "./restore-form-values";
import { useLocalDraft } from "./use-local-draft";

/**
 * @param key which form and item, e.g. `content:<id>` or `content:new`
 * @returns the offer to restore, to show above the form (nothing while there is none)
 */
export function useAutosave(formRef: RefObject<HTMLFormElement | null>, key: string) {
  // The editor is drawn afresh after every save that stays on it, so the key is its version too.
  const draft = useLocalDraft(formRef, key, key);
  const { discard } = draft;
  const navigation = useNavigation();
  const location = useLocation();
  const submitted = useRef(false);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onSubmit = () => {
      submitted.current = true;
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [formRef]);

  useEffect(() => {
    if (navigation.state === "idle") {
      submitted.current = false;
      return;
    }
    // Our form's submission now loads another page: its action redirected, so the save went through.
    if (
      submitted.current &&
      navigation.state === "loading" &&
      navigation.formMethod !== undefined &&
      navigation.location.pathname !== location.pathname
    ) {
      discard();
    }
  }, [navigation, location.pathname, discard]);

  return (
    <RestoreDraftNotice
      draft={draft.offered}
      onRestore={() => {
        const values = draft.restore();
        if (formRef.current) restoreFormValues(formRef.current, values);
      }}
      onDiscard={discard}
    />
  );
}
