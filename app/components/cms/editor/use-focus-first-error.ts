import { useEffect, type RefObject } from "react";
import { useActionData } from "react-router";

/** After a refused save, the focus moves to the first field to correct, so its message is read out with it. */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>, enabled: boolean) {
  const actionData = useActionData<{ errors?: Record<string, string> }>();
  useEffect(() => {
    if (!enabled || !actionData?.errors) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [actionData, enabled, formRef]);
}
