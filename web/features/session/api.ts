// The session's own calls: who is signed in, and logout. Apart from the account screens' calls
// (features/account/api.ts), since every page makes these and the app's start chunk carries them.
import type { UserDto } from "../../../worker/contracts/account";
import { api } from "../../lib/api-client";

export interface MessageAnswer {
  success: boolean;
  message?: string;
}

// skipRefresh: there is nothing to renew on the way out.
export const logoutUser = () =>
  api<MessageAnswer>("/api/logout", { method: "POST", skipRefresh: true });

export const fetchMe = (signal?: AbortSignal) =>
  api<MessageAnswer & { user?: UserDto }>("/api/user/me", { signal });
