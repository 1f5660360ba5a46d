// What the browser keeps of a session (SPEC.md section 3): the access token and the role. Signed in
// means a token is present (section 4). Every write tells this tab (a window event) and other tabs.
import { useSyncExternalStore } from "react";

export const TOKEN_KEY = "token";
export const ROLE_KEY = "role";
const CHANGE_EVENT = "session:change";

export interface StoredSession {
  token: string | null;
  role: string | null;
}

const SIGNED_OUT: StoredSession = { token: null, role: null };

// The same object while nothing changes, and SIGNED_OUT itself for a visitor who is signed out:
// taking over the Worker's HTML compares it with the server snapshot, and a different
// object would re-render the whole layout at once.
let cached: StoredSession = SIGNED_OUT;

function read(): StoredSession {
  let token: string | null = null;
  let role: string | null = null;
  try {
    token = localStorage.getItem(TOKEN_KEY);
    role = localStorage.getItem(ROLE_KEY);
  } catch {
    // Storage can be unavailable (private mode); then nobody is signed in.
  }
  if (token !== cached.token || role !== cached.role) {
    cached = token === null && role === null ? SIGNED_OUT : { token, role };
  }
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

/**
 * The Worker's render of a page cannot see storage, so it is signed out, and so is the browser's
 * first render, which takes that HTML over; the stored session follows at once.
 */
export function useStoredSession(): StoredSession {
  return useSyncExternalStore(subscribe, read, () => SIGNED_OUT);
}

/** The stored session right now, outside React (the API client reads the token per request). */
export const readStoredSession = (): StoredSession => read();

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the session lasts as long as this page does not reload.
  }
}

/** Keeps a new session's token and role (after login or signup). */
export function storeSession(token: string, role: string | null): void {
  write(TOKEN_KEY, token);
  write(ROLE_KEY, role);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Swaps in a refreshed access token, keeping the role. */
export function storeToken(token: string): void {
  write(TOKEN_KEY, token);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Forgets the stored token and role (signing out on this device). */
export function clearStoredSession(): void {
  write(TOKEN_KEY, null);
  write(ROLE_KEY, null);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

const subscribeNever = () => () => {};

/**
 * False in the Worker's render and in the browser's render that takes its HTML over, which both
 * read the session as signed out; true from the next render on, when storage has been read. A
 * page only for the signed-in must not send a visitor to /login before then.
 */
export const useSessionKnown = (): boolean =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
