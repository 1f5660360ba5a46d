// A checkout code box (SPEC.md section 4's affiliate box, and the shop's discount code box): type
// a code and Apply; once applied the input and button lock and the button reads Applied. Its own
// form, beside (never inside) the address form.
import { useId } from "react";
import type { CodeBox as CodeBoxState } from "../use-code-box";

interface CodeBoxProps {
  box: CodeBoxState;
  /** "Affiliate code", "Discount code". */
  label: string;
  /** The input's name. */
  name: string;
  maxLength: number;
}

export function CodeBox({ box, label, name, maxLength }: CodeBoxProps) {
  const id = useId();
  const { code, edit, apply, checking, notice, appliedCode } = box;
  const applied = Boolean(appliedCode);
  const noticeId = `${id}-notice`;
  return (
    <form
      className="code-box"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <label htmlFor={`${id}-code`} className="field-label">
        {label} <span className="field-optional">(optional)</span>
      </label>
      <div className="code-row">
        <input
          id={`${id}-code`}
          name={name}
          value={code}
          onChange={(event) => edit(event.target.value)}
          disabled={applied}
          maxLength={maxLength}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={notice?.tone === "error" ? true : undefined}
          aria-describedby={noticeId}
        />
        <button type="submit" className="button button-ghost" disabled={applied || checking}>
          {applied ? "Applied" : checking ? "Checking..." : "Apply"}
        </button>
      </div>
      <p
        id={noticeId}
        role="status"
        className={notice ? `code-notice is-${notice.tone}` : "code-notice"}
      >
        {notice?.text ?? ""}
      </p>
    </form>
  );
}
