import type * as React from "react";
import { TextField } from "~/components/ui/form-field";

/**
 * The e-mail address an account signs in with, in every form that asks for it (signing in, setting
 * up, forgetting or choosing a password). Its autocomplete is "username" so that a password manager
 * files the password under this address.
 */
export function EmailField(
  props: Omit<React.ComponentProps<typeof TextField>, "label" | "name" | "type" | "autoComplete">,
) {
  return <TextField label="Email" name="email" type="email" autoComplete="username" {...props} />;
}
