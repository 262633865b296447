import type { Endpoint } from '@kestrel/contract';
import { useSyncExternalStore } from 'react';
import { onSessionChange, readSession, type StaffSession } from './session';

let cached: { raw: string | null; session: StaffSession | null } = { raw: null, session: null };

function snapshot(): StaffSession | null {
  const session = readSession();
  const raw = session ? JSON.stringify(session) : null;
  if (raw !== cached.raw) cached = { raw, session };
  return cached.session;
}

export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(onSessionChange, snapshot, snapshot);
}

/**
 * Whether the signed-in role may call an endpoint, from the endpoint's own `staffRoles` (what the
 * server enforces). The console only hides what the server would refuse anyway.
 */
export function mayCall(session: StaffSession | null, endpoint: Endpoint): boolean {
  if (!session) return false;
  return (endpoint.staffRoles ?? []).includes(session.staff.role);
}

export function useMayCall(): (endpoint: Endpoint) => boolean {
  const session = useStaffSession();
  return (endpoint) => mayCall(session, endpoint);
}
