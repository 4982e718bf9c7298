import type * as React from "react";
import { cx } from "~/lib/class-names";

function Label({ className, ...props }: React.ComponentProps<"label">) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor or wrap the control
  return <label data-slot="label" className={cx("text-sm font-medium", className)} {...props} />;
}

export { Label };
