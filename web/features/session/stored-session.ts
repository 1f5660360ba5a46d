// What the browser keeps of a session (SPEC.md section 3): the access token and the role. Signed in
// means a token is present (section 4). The accounts work adds the user fetch and server calls.
import { useSyncExternalStore } from "react";

export const TOKEN_KEY = "token";
export const ROLE_KEY = "role";
const CHANGE_EVENT = "session:change";

export interface StoredSession {
  token: string | null;
  role: string | null;
}

let cached: StoredSession = { token: null, role: null };

function read(): StoredSession {
  let token: string | null = null;
  let role: string | null = null;
  try {
    token = localStorage.getItem(TOKEN_KEY);
    role = localStorage.getItem(ROLE_KEY);
  } catch {
    // Storage can be unavailable (private mode); then nobody is signed in.
  }
  if (token !== cached.token || role !== cached.role) cached = { token, role };
  return cached;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

export function useStoredSession(): StoredSession {
  return useSyncExternalStore(subscribe, read, () => cached);
}

/** Forgets the stored token and role (signing out on this device). */
export function clearStoredSession(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(ROLE_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}
