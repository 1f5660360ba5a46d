// The one form kit of the shop and the back-office: labelled controls that wire their label, hint
// and error to the control for screen readers, the form's alert and its submit button with its
// sending label. Each control takes a useForm binding (lib/use-form.ts) spread as its props:
// <TextField label="Name" {...form.field("name")} />.
import { type ChangeEvent, type ReactNode, useId, useState } from "react";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../worker/contracts/auth";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from "../../worker/contracts/fields";
import "./form-kit.css";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What a control needs from its form: useForm's `field(name)`, or the same by hand. */
export interface Binding {
  name: string;
  value: string;
  error?: string | undefined;
  onChange: (event: ChangeEvent<Control>) => void;
}

/** The contracts' field names as people say them. */
const FIELD_WORDS: [RegExp, string][] = [
  [/\boriginalPrice\b/g, "the price"],
  [/\bfinalPrice\b/g, "sale price"],
  [/\blowStockThreshold\b/g, "low-stock threshold"],
  [/\bonHand\b/g, "on hand"],
  [/\bimageKey\b/g, "picture"],
  [/\bdelta\b/g, "the change"],
  [/\btrackingNumber\b/g, "tracking number"],
  [/\brequestKey\b/g, "request key"],
  [/\bcommissionRate\b/g, "commission rate"],
];

/**
 * A contract's message in the screen's words: "finalPrice must not exceed originalPrice" reads
 * "Sale price must not exceed the price". The rule and its wording stay the contract's.
 */
export function fieldMessage(message: string): string {
  const text = FIELD_WORDS.reduce((out, [pattern, words]) => out.replace(pattern, words), message);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface ControlAria {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Says "(optional)" after the label. */
  optional?: boolean;
  /** Spans both columns of a two-column form. */
  wide?: boolean;
  className?: string;
}

/** The ids of the notes FieldNotes shows, for the control's aria-describedby. */
const notesOf = (id: string, hint: ReactNode, error: string | undefined) =>
  [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].join(" ").trim();

/** A control's hint and error, below it, with the ids its aria-describedby names. */
function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {fieldMessage(error)}
        </p>
      ) : null}
    </>
  );
}

/** A field's props split into its frame's (Field) and its control's. */
function framed<P extends FieldProps>(props: P) {
  const { label, hint, error, optional, wide, className, ...control } = props;
  return [{ label, hint, error, optional, wide, className }, control] as const;
}

/** The frame every control sits in: the label above, then the control, its hint and its error. */
export function Field({
  label,
  hint,
  error,
  optional,
  wide,
  className,
  children,
}: FieldProps & { children: (aria: ControlAria) => ReactNode }) {
  const id = useId();
  const describedBy = notesOf(id, hint, error);
  const aria: ControlAria = { id };
  if (error) aria["aria-invalid"] = true;
  if (describedBy) aria["aria-describedby"] = describedBy;
  const classes = ["field", wide ? "is-wide" : "", className ?? ""].join(" ").trim();
  return (
    <div className={classes}>
      <label htmlFor={id} className="field-label">
        {label}
        {optional ? <span className="field-optional"> (optional)</span> : null}
      </label>
      {children(aria)}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

type TextType = "text" | "email" | "password" | "search" | "tel" | "date" | "datetime-local";

export interface TextFieldProps extends FieldProps, Binding {
  multiline?: boolean;
  rows?: number;
  type?: TextType;
  inputMode?: "text" | "decimal" | "numeric" | "email" | "search" | "tel";
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  /** Shown inside the box before the value, such as "$". */
  prefix?: string;
}

/** A text box (or a multi-line one); a password is masked, with a Show/Hide toggle. */
export function TextField({
  multiline,
  rows = 4,
  prefix,
  type = "text",
  required,
  ...props
}: TextFieldProps) {
  const [shown, setShown] = useState(false);
  const [{ wide, ...frame }, control] = framed(props);
  const common = { className: "field-input", required, ...control };
  const { label } = frame;
  if (multiline) {
    return (
      <Field {...frame} wide>
        {(aria) => <textarea rows={rows} {...aria} {...common} />}
      </Field>
    );
  }
  const input = (aria: ControlAria) => (
    <input type={type === "password" && shown ? "text" : type} {...aria} {...common} />
  );
  return (
    <Field {...frame} wide={wide}>
      {(aria) =>
        type === "password" ? (
          <span className="field-affix is-password">
            {input(aria)}
            <button
              type="button"
              className="field-reveal"
              aria-pressed={shown}
              aria-label={`${shown ? "Hide" : "Show"} ${String(label).toLowerCase()}`}
              onClick={() => setShown((s) => !s)}
            >
              {shown ? "Hide" : "Show"}
            </button>
          </span>
        ) : prefix ? (
          <span className="field-affix">
            <span className="field-affix-text" aria-hidden="true">
              {prefix}
            </span>
            {input(aria)}
          </span>
        ) : (
          input(aria)
        )
      }
    </Field>
  );
}

export interface SelectFieldProps extends FieldProps, Binding {
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  /** A first, empty choice ("Choose a category"), for a value that has none yet. */
  placeholder?: string;
}

export function SelectField({ options, placeholder, ...props }: SelectFieldProps) {
  const [frame, control] = framed(props);
  return (
    <Field {...frame}>
      {(aria) => (
        <select className="field-input field-select" {...aria} {...control}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox whose form value is "true" or "false" (lib/use-form.ts), its hint and error below. */
export function CheckboxField({
  label,
  hint,
  error,
  value,
  disabled,
  ...control
}: Omit<FieldProps, "optional" | "wide" | "className"> & Binding & { disabled?: boolean }) {
  const id = useId();
  const describedBy = notesOf(id, hint, error);
  return (
    <div className="field field-check">
      <input
        id={id}
        type="checkbox"
        checked={value === "true"}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        disabled={disabled}
        {...control}
      />
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

type PresetProps = Omit<TextFieldProps, "label"> & { label?: string };

/** A person's name: labelled "Name" unless told otherwise, required, capped. */
export const NameField = ({ label = "Name", ...props }: PresetProps) => (
  <TextField label={label} autoComplete="name" maxLength={MAX_NAME_LENGTH} required {...props} />
);

/** An email address: an email input, required unless told otherwise, capped. */
export const EmailField = ({ label = "Email", ...props }: PresetProps) => (
  <TextField
    label={label}
    type="email"
    inputMode="email"
    autoComplete="email"
    maxLength={MAX_EMAIL_LENGTH}
    required
    {...props}
  />
);

/** An amount in dollars: "$" before it, the decimal keypad, nothing the browser fills. */
export const DollarsField = (props: TextFieldProps) => (
  <TextField prefix="$" inputMode="decimal" autoComplete="off" {...props} />
);

/**
 * A password, masked, required and capped. A new password (`isNew`) says the minimum and lets the
 * browser suggest one; otherwise the browser fills the saved one.
 */
export const PasswordField = ({
  label = "Password",
  isNew = false,
  ...props
}: PresetProps & { isNew?: boolean }) => (
  <TextField
    label={label}
    type="password"
    autoComplete={isNew ? "new-password" : "current-password"}
    hint={isNew ? `At least ${MIN_PASSWORD_LENGTH} characters.` : undefined}
    maxLength={MAX_PASSWORD_LENGTH}
    required
    {...props}
  />
);

/** A form's last failure, read out as it appears (toasts close after a while; this stays). */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <p className={message ? "form-alert" : "form-alert is-empty"} role="alert">
      {message ?? ""}
    </p>
  );
}

/** A form's submit button: disabled and saying `sendingLabel` while the form is sending. */
export function SubmitButton({
  sending,
  sendingLabel,
  children,
  large = false,
  small = false,
  ghost = false,
  disabled = false,
}: {
  sending: boolean;
  sendingLabel: string;
  children: ReactNode;
  large?: boolean;
  small?: boolean;
  /** A secondary action of its form (Search, Add note). */
  ghost?: boolean;
  disabled?: boolean;
}) {
  const classes = [
    "button",
    ghost ? "button-ghost" : "button-primary",
    large ? "button-large" : "",
    small ? "button-small" : "",
  ];
  return (
    <button type="submit" className={classes.join(" ").trim()} disabled={sending || disabled}>
      {sending ? sendingLabel : children}
    </button>
  );
}

/** A form's last row: its submit button with its sending label, and Cancel when it has one. */
export function FormActions({
  sending,
  sendingLabel,
  children,
  onCancel,
  cancelLabel = "Cancel",
  small = false,
}: {
  sending: boolean;
  sendingLabel: string;
  children: ReactNode;
  onCancel?: () => void;
  cancelLabel?: string;
  small?: boolean;
}) {
  return (
    <div className="form-actions">
      <SubmitButton sending={sending} sendingLabel={sendingLabel} small={small}>
        {children}
      </SubmitButton>
      {onCancel ? (
        <button
          type="button"
          className={small ? "button button-ghost button-small" : "button button-ghost"}
          disabled={sending}
          onClick={onCancel}
        >
          {cancelLabel}
        </button>
      ) : null}
    </div>
  );
}
