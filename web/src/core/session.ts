import { useSyncExternalStore } from 'react';

/**
 * The signed-in account, kept in localStorage so that it holds for the browser (a new tab, a
 * reload, a link opened from chat) until "Keluar" or an expired token ends it in every tab.
 */
export interface User {
  id: string;
  full_name: string;
  email: string;
  role: 'pengelola' | 'dinas' | 'admin';
  [k: string]: unknown;
}
export interface Session {
  token: string;
  user: User;
}

const KEY = 'desawisata.sesi';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: Session | null } = { raw: null, value: null };

function read(): Session | null {
  const raw = window.localStorage.getItem(KEY);
  if (raw !== cached.raw) {
    let value: Session | null = null;
    try {
      const v = JSON.parse(raw ?? 'null');
      if (v && typeof v.token === 'string' && v.user) value = v;
    } catch {
      value = null;
    }
    cached = { raw, value };
  }
  return cached.value;
}

function notify() {
  for (const l of listeners) l();
}
window.addEventListener('storage', (e) => {
  if (e.key !== KEY && e.key !== null) return;
  if (!e.newValue && cached.value) ended = 'signedOut';
  notify();
});

export function currentSession(): Session | null {
  return read();
}
export function signIn(s: Session) {
  ended = null;
  window.localStorage.setItem(KEY, JSON.stringify(s));
  notify();
}
/** Why this tab last lost its session: the sign-in form says so ("Keluar" here or in another tab, or an expired token). */
let ended: 'signedOut' | 'expired' | null = null;
export const sessionEnded = () => ended;

function end(reason: 'signedOut' | 'expired') {
  ended = reason;
  window.localStorage.removeItem(KEY);
  notify();
}
/** "Keluar": the session ends in every tab of this browser. */
export const signOut = () => end('signedOut');
/** The API refused the token (expired, or the account changed): sign in again. */
export const sessionExpired = () => end('expired');
export function useSession(): Session | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => null,
  );
}
export const isOffice = (s: Session | null) => s?.user.role === 'dinas' || s?.user.role === 'admin';
