// A checkout code box (SPEC.md section 4's affiliate box, and the shop's discount code box): not
// applied, then applied once the server accepts the code; input and button lock while applied.
// A refusal shows its reason and leaves nothing applied. Each box says how a code is checked.
import { useState } from "react";
import { toast } from "react-toastify";
import { isSessionExpired } from "../../lib/api-client";

export interface CodeNotice {
  tone: "error" | "success";
  text: string;
}

/** What the server said of a code: applied with `value` (what the box gives), or refused. */
export type CodeOutcome<T> =
  | { applied: true; value: T; message: string }
  | { applied: false; message: string };

/** A box as the shopper left it, to put back (a checkout restored after a cancelled payment). */
export interface SavedCode {
  code: string;
  applied: boolean;
}

export interface CodeBoxOptions<T> {
  /** Asks the server about `code`; throws when the call fails. */
  validate: (code: string) => Promise<CodeOutcome<T>>;
  /** Said when Apply is pressed on an empty box, and when the call fails. */
  messages: { empty: string; failed: string };
  /**
   * A quiet check (the box filling itself) that is refused: "forget" empties the box without a
   * word; "say" shows the reason beside the box, without a toast.
   */
  quietRefusal: "forget" | "say";
}

export function useCodeBox<T>({ validate, messages, quietRefusal }: CodeBoxOptions<T>) {
  const [code, setCode] = useState("");
  const [applied, setApplied] = useState<{ code: string; value: T } | null>(null);
  const [checking, setChecking] = useState(false);
  const [notice, setNotice] = useState<CodeNotice | null>(null);

  /** Shows `text` as the reason the code is not applied, and takes the code off. */
  const refuse = (text: string, loud = true) => {
    setApplied(null);
    setNotice({ tone: "error", text });
    if (loud) toast.error(text);
  };

  /**
   * Validates and applies `wanted`. `quiet` is the box filling itself (a creator link, a
   * restored checkout, a check again after the other box changed): no toasts.
   */
  const check = async (wanted: string, quiet = false) => {
    setCode(wanted);
    setChecking(true);
    setNotice(null);
    try {
      const outcome = await validate(wanted);
      if (outcome.applied) {
        setApplied({ code: wanted, value: outcome.value });
        setNotice({ tone: "success", text: outcome.message });
        if (!quiet) toast.success(outcome.message);
      } else if (!quiet) {
        refuse(outcome.message);
      } else if (quietRefusal === "say") {
        refuse(outcome.message, false);
      } else {
        setApplied(null);
        setCode("");
      }
    } catch (error) {
      if (isSessionExpired(error) || quiet) setApplied(null);
      else refuse(messages.failed);
    } finally {
      setChecking(false);
    }
  };

  const apply = async () => {
    if (applied || checking) return;
    const wanted = code.trim();
    if (!wanted) return refuse(messages.empty);
    await check(wanted);
  };

  /** Puts back a code as it was: checked again if it was applied, else only typed. */
  const restore = (saved: SavedCode) => {
    if (saved.applied && saved.code) void check(saved.code, true);
    else setCode(saved.code);
  };

  const edit = (next: string) => {
    setCode(next);
    setNotice(null);
  };

  return {
    code,
    edit,
    apply,
    check,
    refuse,
    restore,
    checking,
    notice,
    /** The code sent with the order: the applied one, else "". */
    appliedCode: applied?.code ?? "",
    /** The box as it is now, to save. */
    saved: { code: applied?.code ?? code, applied: Boolean(applied) } satisfies SavedCode,
    /** What the applied code gives, else null. */
    applied: applied?.value ?? null,
  };
}

export type CodeBox<T = unknown> = ReturnType<typeof useCodeBox<T>>;
