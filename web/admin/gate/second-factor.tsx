// The back-office's second factor: the code an authenticator app shows (RFC 6238), asked once per
// sign-in; and enrolment, which shows the app its secret and confirms it with a first code, asking
// for the password again when the Worker says this sign-in is not recent enough.
import { type FormEvent, useState } from "react";
import { toast } from "react-toastify";
import * as v from "valibot";
import { SECOND_FACTOR_MESSAGES, SecondFactorCodeSchema } from "../../../worker/contracts/admin";
import { LoginSchema } from "../../../worker/contracts/auth";
import { FormAlert, SubmitButton, TextField } from "../../components/form-kit";
import { ApiError, failureMessage } from "../../lib/api-client";
import { useForm } from "../../lib/use-form";
import {
  confirmSecondFactor,
  enrolSecondFactor,
  PASSWORD_REQUIRED_CODE,
  type SecondFactorEnrolment,
  verifySecondFactor,
  WRONG_PASSWORD_CODE,
} from "./api";

const CODE_FAILURE = "The code could not be checked. Please try again.";

/** What a refused code means to the person typing it. */
function codeFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 400 && error.code === "invalid_code") {
    return "That code did not match. Codes change every 30 seconds: type the one your app shows now.";
  }
  if (error instanceof ApiError && error.status === 429) {
    return error.serverMessage ?? "Too many tries. Wait a few minutes, then try again.";
  }
  return failureMessage(error, CODE_FAILURE, { sayNetworkError: true });
}

/** "JBSW Y3DP EHPK 3PXP": a secret typed by hand, in groups of four. */
export const groupSecret = (secret: string): string =>
  (secret.replace(/\s+/g, "").match(/.{1,4}/g) ?? []).join(" ");

interface CodeFormProps {
  submitLabel: string;
  sendingLabel: string;
  send: (code: string) => Promise<unknown>;
  onPassed: () => void;
  successMessage: string;
}

/** Six digits from the authenticator app; the browser may offer them from an SMS-like source too. */
export function CodeForm({
  submitLabel,
  sendingLabel,
  send,
  onPassed,
  successMessage,
}: CodeFormProps) {
  const form = useForm({ code: "" }, SecondFactorCodeSchema);
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.submit(async ({ code }) => {
    setFailure(null);
    try {
      await send(code);
    } catch (error) {
      if (!form.showServerErrors(error)) setFailure(codeFailure(error));
      form.focusField("code");
      return;
    }
    toast.success(successMessage);
    onPassed();
  });
  return (
    <form ref={form.formRef} className="form admin-code-form" noValidate onSubmit={onSubmit}>
      <TextField
        label="6-digit code"
        {...form.field("code")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        className="admin-code-field"
        hint="From your authenticator app (Google Authenticator, 1Password, Authy…)."
      />
      <FormAlert message={failure} />
      <SubmitButton sending={form.sending} sendingLabel={sendingLabel}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/** The code screen of a sign-in that has not passed the factor yet. */
export function VerifyCode({ onPassed }: { onPassed: () => void }) {
  return (
    <CodeForm
      submitLabel="Verify"
      sendingLabel="Checking…"
      send={verifySecondFactor}
      onPassed={onPassed}
      successMessage="Verified. Welcome back."
    />
  );
}

/** The Worker wants the password typed (again): missing, or not the account's. */
const passwordRefusal = (error: unknown): "required" | "wrong" | null => {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 400 && error.code === PASSWORD_REQUIRED_CODE) return "required";
  if (error.status === 403 && error.code === WRONG_PASSWORD_CODE) return "wrong";
  return null;
};

/** The account's password, once enrolment has asked for it. */
function PasswordPrompt({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Your password"
      type="password"
      autoComplete="current-password"
      name="password"
      value={value}
      error={error ?? undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * Enrolment: a button starts it (each start makes a new secret, so it never happens by itself),
 * then the secret for the app, then a first code to confirm. Either step may ask for the password
 * (a sign-in more than a few minutes old); once typed it goes with both. `onEnrolled` hears of it
 * once on.
 */
export function Enrolment({ onEnrolled }: { onEnrolled: () => void }) {
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** Null until the Worker asks for the password; then what is typed. */
  const [password, setPassword] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);

  /** Shows the password field when a refusal asks for it; true when it did. */
  const askForPassword = (error: unknown): boolean => {
    const refusal = passwordRefusal(error);
    if (!refusal) return false;
    setPassword((typed) => typed ?? "");
    setPasswordError(
      refusal === "wrong" && error instanceof ApiError
        ? (error.serverMessage ?? SECOND_FACTOR_MESSAGES.wrongPassword)
        : null,
    );
    return true;
  };

  const typePassword = (value: string) => {
    setPassword(value);
    setPasswordError(null);
  };

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (starting) return;
    // Asked for and left empty: the sign-in form's own rule says so on the field.
    const typed = password === null ? null : v.safeParse(LoginSchema.entries.password, password);
    if (typed && !typed.success) {
      setPasswordError(typed.issues[0].message);
      return;
    }
    setStarting(true);
    setFailure(null);
    try {
      const { secret, otpauthUrl } = await enrolSecondFactor(password ?? "");
      setEnrolment({ secret, otpauthUrl });
    } catch (error) {
      if (askForPassword(error)) return;
      if (error instanceof ApiError && error.status === 409) {
        toast.info("This account already has an authenticator app.");
        onEnrolled();
        return;
      }
      setFailure(
        failureMessage(error, "Setting up could not start. Please try again.", {
          sayNetworkError: true,
        }),
      );
    } finally {
      setStarting(false);
    }
  };

  if (!enrolment) {
    return (
      <form className="admin-enrol" noValidate onSubmit={start}>
        {password === null ? null : (
          <>
            <p>{SECOND_FACTOR_MESSAGES.passwordRequired}</p>
            <PasswordPrompt value={password} error={passwordError} onChange={typePassword} />
          </>
        )}
        <FormAlert message={failure} />
        <button type="submit" className="button button-primary" disabled={starting}>
          {starting ? "Starting…" : "Set up an authenticator app"}
        </button>
      </form>
    );
  }

  const confirm = async (code: string) => {
    try {
      return await confirmSecondFactor(code, password ?? "");
    } catch (error) {
      // The code form says why; the field is where to answer it.
      if (askForPassword(error)) setPasswordError(null);
      throw error;
    }
  };

  const copy = () => {
    navigator.clipboard?.writeText(enrolment.secret).then(
      () => toast.success("Key copied"),
      () => toast.error("Copy the key by hand: your browser refused."),
    );
  };

  return (
    <ol className="admin-enrol-steps">
      <li>
        <h2 className="admin-step-title">Add the shop to your authenticator app</h2>
        <p>
          On this phone, open it straight in the app. On a computer, choose "Enter a setup key" in
          the app and type this key:
        </p>
        <a className="button button-ghost" href={enrolment.otpauthUrl}>
          Open in authenticator app
        </a>
        <p className="admin-secret">
          <span className="visually-hidden">Setup key: </span>
          <code data-testid="second-factor-secret">{groupSecret(enrolment.secret)}</code>
          <button type="button" className="admin-link-button" onClick={copy}>
            Copy key
          </button>
        </p>
        <p className="field-hint">Time-based, 6 digits, every 30 seconds (the apps' default).</p>
      </li>
      <li>
        <h2 className="admin-step-title">Type the code it shows</h2>
        {password === null ? null : (
          <PasswordPrompt value={password} error={passwordError} onChange={typePassword} />
        )}
        <CodeForm
          submitLabel="Confirm and turn on"
          sendingLabel="Confirming…"
          send={confirm}
          onPassed={onEnrolled}
          successMessage="Two-step sign-in is on."
        />
      </li>
    </ol>
  );
}
