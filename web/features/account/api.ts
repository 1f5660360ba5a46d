// The account screens' calls of SPEC.md section 7 (who is signed in, and logout: session/api.ts). Shapes are the Worker's answers; the API client turns
// every non-2xx into an ApiError carrying the server's message.
import type {
  CreatorDto,
  CreatorUpdateInput,
  UpdateUserInput,
  UserDto,
} from "../../../worker/contracts/account";
import { api } from "../../lib/api-client";
import type { MessageAnswer } from "../session/api";

export type AccountUser = UserDto;
export type Creator = CreatorDto;
export type CreatorStats = CreatorDto["stats"];

/** The password is sent only with a change of email (or payout email), which needs it. */
type WithCurrentPassword<T> = Omit<T, "currentPassword"> & { currentPassword?: string };
export type ProfileUpdate = WithCurrentPassword<UpdateUserInput>;
export type CreatorUpdate = WithCurrentPassword<CreatorUpdateInput>;
export type CreatorSignup = Omit<CreatorUpdate, "currentPassword"> & { password: string };

export type { MessageAnswer };

export interface SessionAnswer extends MessageAnswer {
  accessToken?: string;
  role?: string;
}

const post = <T>(path: string, body: unknown, skipRefresh = false) =>
  api<T>(path, { method: "POST", body, skipRefresh });

// A wrong password is a 401 too: never mistake it for an expired session.
export const loginUser = (input: { email: string; password: string }) =>
  post<SessionAnswer>("/api/user/login", input, true);

export const registerUser = (input: { name: string; email: string; password: string }) =>
  post<SessionAnswer>("/api/user/register", input, true);

export const updateProfile = (input: ProfileUpdate) =>
  post<MessageAnswer & { user?: AccountUser }>("/api/user/update", input);

export const requestPasswordReset = (email: string) =>
  post<MessageAnswer>("/api/user/forgot-password", { email }, true);

export const resetPassword = (token: string, password: string) =>
  post<MessageAnswer>("/api/user/reset-password", { token, password }, true);

export const registerCreator = (input: CreatorSignup) =>
  post<MessageAnswer>("/api/user/creator-register", input, true);

export const fetchCreator = (signal?: AbortSignal) =>
  api<MessageAnswer & { creator?: Partial<Creator> }>("/api/user/creator/me", { signal });

export const updateCreator = (input: CreatorUpdate) =>
  post<MessageAnswer & { creator?: Partial<Creator> }>("/api/user/creator/update", input);
