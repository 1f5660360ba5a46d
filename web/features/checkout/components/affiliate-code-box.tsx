// The affiliate code box (SPEC.md section 4): type a code and Apply; once applied the input and
// button lock and the button reads Applied. Its own form, beside (never inside) the address form.
import { useId } from "react";
import { MAX_AFFILIATE_INPUT_LENGTH } from "../../../../worker/contracts/affiliate";
import type { AffiliateCode } from "../use-affiliate-code";

export function AffiliateCodeBox({ affiliate }: { affiliate: AffiliateCode }) {
  const id = useId();
  const { code, edit, apply, checking, notice, appliedCode } = affiliate;
  const applied = Boolean(appliedCode);
  const noticeId = `${id}-notice`;
  return (
    <form
      className="affiliate-box"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <label htmlFor={`${id}-code`} className="field-label">
        Affiliate code <span className="field-optional">(optional)</span>
      </label>
      <div className="affiliate-row">
        <input
          id={`${id}-code`}
          name="affiliateCode"
          value={code}
          onChange={(event) => edit(event.target.value)}
          disabled={applied}
          maxLength={MAX_AFFILIATE_INPUT_LENGTH}
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
        className={notice ? `affiliate-notice is-${notice.tone}` : "affiliate-notice"}
      >
        {notice?.text ?? ""}
      </p>
    </form>
  );
}
