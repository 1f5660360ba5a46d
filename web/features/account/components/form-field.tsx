// One labelled control with its hint and error wired up for screen readers. Password fields get
// a Show/Hide toggle and stay masked by default.
import { type ChangeEvent, type HTMLAttributes, useId, useState } from "react";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../../worker/contracts/auth";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from "../../../../worker/contracts/fields";

type Control = HTMLInputElement | HTMLTextAreaElement;

export interface FormFieldProps {
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<Control>) => void;
  type?: "text" | "email" | "password" | "tel";
  autoComplete: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  required?: boolean;
  maxLength?: number;
  hint?: string;
  multiline?: boolean;
  /** Spans both columns of a two-column form (multiline fields always do). */
  wide?: boolean;
  disabled?: boolean;
}

export function FormField({
  name,
  label,
  error,
  hint,
  multiline,
  wide,
  required,
  type = "text",
  ...rest
}: FormFieldProps) {
  const id = `${useId()}-${name}`;
  const [shown, setShown] = useState(false);
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].join(" ").trim();
  const control = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    "aria-required": required || undefined,
    ...rest,
  };
  const isPassword = type === "password";
  return (
    <div className={multiline || wide ? "account-field is-wide" : "account-field"}>
      <label htmlFor={id} className="account-label">
        {label}
        {required ? null : <span className="account-optional"> (optional)</span>}
      </label>
      {multiline ? (
        <textarea rows={4} {...control} />
      ) : (
        <div className={isPassword ? "account-password" : undefined}>
          <input type={isPassword && shown ? "text" : type} {...control} />
          {isPassword ? (
            <button
              type="button"
              className="account-reveal"
              aria-pressed={shown}
              aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
              onClick={() => setShown((s) => !s)}
            >
              {shown ? "Hide" : "Show"}
            </button>
          ) : null}
        </div>
      )}
      {hint ? (
        <p id={`${id}-hint`} className="account-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="account-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type PresetProps = Omit<FormFieldProps, "label" | "autoComplete"> & { label?: string };

/** The account forms' name field: labelled "Name" unless told otherwise, required, capped. */
export const NameField = ({ label = "Name", ...props }: PresetProps) => (
  <FormField label={label} autoComplete="name" maxLength={MAX_NAME_LENGTH} required {...props} />
);

/** The account forms' email field: an email input, required unless told otherwise, capped. */
export const EmailField = ({ label = "Email", ...props }: PresetProps) => (
  <FormField
    label={label}
    type="email"
    inputMode="email"
    autoComplete="email"
    maxLength={MAX_EMAIL_LENGTH}
    required
    {...props}
  />
);

/**
 * A password field, masked, required and capped. A new password (`isNew`) says the minimum and
 * lets the browser suggest one; otherwise the browser fills the saved one.
 */
export const PasswordField = ({
  label = "Password",
  isNew = false,
  ...props
}: PresetProps & { isNew?: boolean }) => (
  <FormField
    label={label}
    type="password"
    autoComplete={isNew ? "new-password" : "current-password"}
    hint={isNew ? `At least ${MIN_PASSWORD_LENGTH} characters.` : undefined}
    maxLength={MAX_PASSWORD_LENGTH}
    required
    {...props}
  />
);

/** A checkbox whose form value is "true" or "false" (lib/use-form.ts), with its hint and error. */
export function CheckboxField({
  name,
  label,
  value,
  error,
  hint,
  onChange,
  disabled,
}: Pick<FormFieldProps, "name" | "label" | "value" | "error" | "hint" | "onChange" | "disabled">) {
  const id = `${useId()}-${name}`;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].join(" ").trim();
  return (
    <div className="account-field account-check">
      <div className="account-check-row">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={value === "true"}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={onChange}
          disabled={disabled}
        />
        <label htmlFor={id} className="account-label">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="account-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="account-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
