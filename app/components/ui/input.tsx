import type * as React from "react";
import { cx } from "~/lib/class-names";
import { fieldClass } from "./field-class";

/** A text field unless told otherwise: HTML's default, written out (html-validate: no-implicit-input-type). */
function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input data-slot="input" type={type} className={cx(fieldClass, "h-10", className)} {...props} />;
}

export { Input };
