import type * as React from "react";
import { cx } from "~/lib/class-names";

/**
 * The fields join their classes with the caller's, without merging (they are on the public pages'
 * first load: lib/class-names.ts). A caller that changes the width or the text size marks its class
 * important (a trailing "!"), so that it wins whatever the stylesheet's order.
 */
const fieldClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive";

/** A text field unless told otherwise: HTML's default, written out (html-validate: no-implicit-input-type). */
function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input data-slot="input" type={type} className={cx(fieldClass, "h-10", className)} {...props} />;
}

function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={cx(fieldClass, "min-h-20", className)} {...props} />;
}

function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return <select data-slot="select" className={cx(fieldClass, "h-10", className)} {...props} />;
}

function Label({ className, ...props }: React.ComponentProps<"label">) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor or wrap the control
  return <label data-slot="label" className={cx("text-sm font-medium", className)} {...props} />;
}

/** The message under a field; its id is what the field's aria-describedby points to. */
function FieldError({ id, children }: { id: string; children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

export { FieldError, Input, Label, NativeSelect, Textarea };
