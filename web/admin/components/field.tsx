// Labelled form controls: each wires its label, hint and error to the control for screen readers,
// and takes a useForm binding (lib/use-form.ts) or plain value/onChange props.
import { type ChangeEvent, type ReactNode, useId } from "react";
import { humanize } from "../format";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface Binding {
  name: string;
  value: string;
  error?: string | undefined;
  onChange: (event: ChangeEvent<Control>) => void;
}

interface ControlAria {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  className?: string;
  children: (aria: ControlAria) => ReactNode;
}

/** The label above, the hint and then the error below: the frame every control sits in. */
export function FieldFrame({ label, hint, error, optional, className, children }: FieldFrameProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].join(" ").trim();
  const aria: ControlAria = { id };
  if (error) aria["aria-invalid"] = true;
  if (describedBy) aria["aria-describedby"] = describedBy;
  return (
    <div className={className ? `admin-field ${className}` : "admin-field"}>
      <label htmlFor={id} className="admin-label">
        {label}
        {optional ? <span className="admin-optional"> (optional)</span> : null}
      </label>
      {children(aria)}
      {hint ? (
        <p id={`${id}-hint`} className="admin-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="admin-error">
          {humanize(error)}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps {
  label: ReactNode;
  binding: Binding;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  multiline?: boolean;
  rows?: number;
  type?: "text" | "email" | "password" | "search";
  inputMode?: "text" | "decimal" | "numeric" | "email" | "search";
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
  /** Shown inside the box before the value, such as "$". */
  prefix?: string;
}

export function TextField({
  label,
  binding,
  hint,
  optional,
  className,
  multiline,
  rows = 5,
  prefix,
  type = "text",
  ...rest
}: TextFieldProps) {
  const { error, ...control } = binding;
  return (
    <FieldFrame label={label} hint={hint} error={error} optional={optional} className={className}>
      {(aria) =>
        multiline ? (
          <textarea className="admin-input" rows={rows} {...aria} {...control} {...rest} />
        ) : prefix ? (
          <span className="admin-affix">
            <span className="admin-affix-text" aria-hidden="true">
              {prefix}
            </span>
            <input className="admin-input" type={type} {...aria} {...control} {...rest} />
          </span>
        ) : (
          <input className="admin-input" type={type} {...aria} {...control} {...rest} />
        )
      }
    </FieldFrame>
  );
}

interface SelectFieldProps {
  label: ReactNode;
  binding: Binding;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  className?: string;
  disabled?: boolean;
  /** A first, empty choice ("Choose a category"), for a value that has none yet. */
  placeholder?: string;
}

export function SelectField({
  label,
  binding,
  options,
  hint,
  className,
  disabled,
  placeholder,
}: SelectFieldProps) {
  const { error, ...control } = binding;
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(aria) => (
        <select className="admin-input admin-select" disabled={disabled} {...aria} {...control}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** A checkbox whose form value is "true" or "false" (lib/use-form.ts). */
export function CheckboxField({
  label,
  binding,
  hint,
}: {
  label: string;
  binding: Binding;
  hint?: string;
}) {
  const id = useId();
  const { error: _error, value, ...control } = binding;
  return (
    <div className="admin-check">
      <input
        id={id}
        type="checkbox"
        checked={value === "true"}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...control}
      />
      <label htmlFor={id}>
        <span className="admin-check-label">{label}</span>
        {hint ? (
          <span id={`${id}-hint`} className="admin-hint">
            {hint}
          </span>
        ) : null}
      </label>
    </div>
  );
}

/** A form's last failure, read out as it appears. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <p className={message ? "admin-alert" : "admin-alert is-empty"} role="alert">
      {message ?? ""}
    </p>
  );
}
