import type * as React from "react";
import { cx } from "~/lib/class-names";
import { fieldClass } from "./field-class";

/** The browser's own select, styled as a field: its options come as children. */
function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return <select data-slot="select" className={cx(fieldClass, "h-10", className)} {...props} />;
}

export { NativeSelect };
