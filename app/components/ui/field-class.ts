/**
 * The look the text fields share (Input, Textarea, NativeSelect): a bordered box that turns red
 * while the field is invalid. Each field adds its height.
 *
 * The fields join their classes with the caller's, without merging (they are on the public pages'
 * first load: lib/class-names.ts). A caller that changes the width or the text size marks its class
 * important (a trailing "!"), so that it wins whatever the stylesheet's order.
 */
export const fieldClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive";
