import type * as React from "react";

/** The message under a field; its id is what the field's aria-describedby points to. */
function FieldError({ id, children }: { id: string; children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

export { FieldError };
