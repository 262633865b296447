import type { StaffRole } from '@kestrel/contract';

/** The signed-in staff member as the login answered. Kept in session storage: a closed tab signs out. */
export interface StaffSession {
  token: string;
  staff: { id: number; username: string; role: StaffRole };
}

const KEY = 'kestrel.console.session';
type Listener = (session: StaffSession | null) => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readSession(): StaffSession | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as StaffSession;
    return typeof value?.token === 'string' && value.staff ? value : null;
  } catch {
    return null;
  }
}

export function writeSession(session: StaffSession | null): void {
  if (session) storage()?.setItem(KEY, JSON.stringify(session));
  else storage()?.removeItem(KEY);
  for (const listener of listeners) listener(session);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
