// What login and signup share once the form is valid: send, read the answer, keep the session,
// say so, and go home. Failures show the server's message (or the SPEC's generic one).
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { failureMessage } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { useFormFailure } from "../../lib/use-form";
import { useSession } from "../session/session-context";
import type { SessionAnswer } from "./api";
import { ACCOUNT_MESSAGES, answerMessage } from "./messages";

export function useSignIn(successMessage: string) {
  const session = useSession();
  const navigate = useNavigate();
  const { failure, fail, clearFailure } = useFormFailure();

  const signIn = async (call: () => Promise<SessionAnswer>): Promise<void> => {
    clearFailure();
    let answer: SessionAnswer;
    try {
      answer = await call();
    } catch (error) {
      return fail(failureMessage(error, ACCOUNT_MESSAGES.generic));
    }
    if (!answer.success || !answer.accessToken) {
      return fail(answerMessage(answer, ACCOUNT_MESSAGES.generic));
    }
    session.login(answer.accessToken, answer.role);
    toast.success(successMessage);
    navigate(paths.home);
  };

  return { failure, signIn, signedIn: Boolean(session.token) };
}
