import type * as React from "react";
import { cx } from "~/lib/class-names";
import { fieldClass } from "./field-class";

function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={cx(fieldClass, "min-h-20", className)} {...props} />;
}

export { Textarea };
