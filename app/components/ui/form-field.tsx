import type * as React from "react";
import { cx } from "~/lib/class-names";
import { FieldError } from "./field-error";
import { Input } from "./input";
import { Label } from "./label";
import { NativeSelect } from "./native-select";
import { Textarea } from "./textarea";

/** What a field's control carries to be tied to its label, hint and error message. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

type FieldOptions = {
  /** The control's id; the hint and the error message take it with "-hint" and "-error". */
  id: string;
  label: React.ReactNode;
  error?: string | null;
  /** Whether the control is marked invalid; by default, whenever there is an error message. */
  invalid?: boolean;
  /** A note under the control, which it is always described by. */
  hint?: React.ReactNode;
  /** Classes of the wrapper around label, control and messages. */
  containerClassName?: string;
};

/** Props of a control that the field sets itself. */
type ControlProps<T extends "input" | "textarea" | "select"> = Omit<
  React.ComponentProps<T>,
  "id" | "aria-invalid" | "aria-describedby"
>;

/**
 * A labelled control with its optional hint and error message: the control gets aria-invalid
 * while there is an error and aria-describedby pointing to the hint and the message.
 */
export function FormField({
  id,
  label,
  error,
  invalid = Boolean(error),
  hint,
  containerClassName = "grid gap-2",
  children,
}: FieldOptions & { children: (control: FieldControlProps) => React.ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={containerClassName}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": invalid ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** Splits a field's props into the FormField's and the control's. */
function splitFieldProps<P extends FieldOptions>({
  id,
  label,
  error,
  invalid,
  hint,
  containerClassName,
  ...control
}: P) {
  return [{ id, label, error, invalid, hint, containerClassName }, control] as const;
}

export function TextField(props: FieldOptions & ControlProps<"input">) {
  const [field, control] = splitFieldProps(props);
  return <FormField {...field}>{(aria) => <Input {...control} {...aria} />}</FormField>;
}

export function TextareaField(props: FieldOptions & ControlProps<"textarea">) {
  const [field, control] = splitFieldProps(props);
  return <FormField {...field}>{(aria) => <Textarea {...control} {...aria} />}</FormField>;
}

/** A labelled select of `options`; `children` (e.g. an "All" option) come before them. */
export function SelectField<T extends string>(
  props: FieldOptions & ControlProps<"select"> & { options: readonly T[]; optionLabel?: (value: T) => React.ReactNode },
) {
  const [field, { options, optionLabel, children, ...control }] = splitFieldProps(props);
  return (
    <FormField {...field}>
      {(aria) => (
        <NativeSelect {...control} {...aria}>
          {children}
          <SelectOptions values={options} label={optionLabel} />
        </NativeSelect>
      )}
    </FormField>
  );
}

/** One <option> per value, showing `label(value)` or else the value itself. */
export function SelectOptions<T extends string>({
  values,
  label = (value) => value,
}: {
  values: readonly T[];
  label?: (value: T) => React.ReactNode;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}

/** A message about the whole form (e.g. the server's refusal), announced as soon as it appears. */
export function FormAlert({ className, children }: { className?: string; children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className={cx("rounded-md border border-destructive bg-destructive/10 px-3 py-2 text-sm", className)}
    >
      {children}
    </p>
  );
}
