/**
 * "Shown once per session" for the pop-up notice: remembered for this tab's session (sessionStorage,
 * so a reload does not show it again), and in memory when storage is unavailable.
 */
const STORAGE_KEY = 'popUpSeen';
const seen = new Set<number>();

export function wasPopUpSeen(id: number): boolean {
  if (seen.has(id)) return true;
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) === String(id);
  } catch {
    return false;
  }
}

export function markPopUpSeen(id: number): void {
  seen.add(id);
  try {
    window.sessionStorage.setItem(STORAGE_KEY, String(id));
  } catch {
    // Storage disabled: the in-memory record covers this visit.
  }
}

/** Whether a pop-up was already shown this session (then no other is shown before the session ends). */
export function anyPopUpSeen(): boolean {
  if (seen.size > 0) return true;
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
