import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cx } from "~/lib/class-names";

/** Colours pass AA contrast in both themes: dark text on light tints, light text on dark tints. */
const badgeVariants = cva(
  "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
  {
    variants: {
      tone: {
        gray: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
        blue: "bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100",
        yellow: "bg-yellow-100 text-yellow-900 dark:bg-yellow-900 dark:text-yellow-100",
        green: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
        red: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
        outline: "border border-border text-foreground",
      },
    },
    defaultVariants: { tone: "gray" },
  },
);

function Badge({ className, tone, ...props }: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cx(badgeVariants({ tone }), className)} {...props} />;
}

export { Badge, badgeVariants };
