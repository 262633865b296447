import { launch, type AnswerOf } from '@kestrel/contract/web';
import { create } from 'zustand';
import { call } from '../api/call';
import { reportLoadFailure } from '../api/network-errors';

/** One feature switch (SPEC §3): the Chinese `switchName` pages refer to, our `switchKey`, status 1 = on. */
export type SwitchRow = AnswerOf<typeof launch.switchSetList>;

export interface SwitchSetState {
  rows: SwitchRow[];
  setRows: (rows: SwitchRow[]) => void;
}

/** App state, not server cache: page configuration and display rules read it synchronously. */
export const useSwitchSetStore = create<SwitchSetState>()((set) => ({
  rows: [],
  setRows: (rows) => set({ rows }),
}));

let inFlight: Promise<SwitchRow[]> | null = null;

/** Loads the switch set into the store (one request however many pages ask at once). */
export function loadSwitchSet(): Promise<SwitchRow[]> {
  inFlight ??= call(launch.switchSetList)
    .then(({ rows }) => {
      useSwitchSetStore.getState().setRows(rows);
      return rows;
    })
    .catch((error: unknown) => {
      reportLoadFailure('switch-set');
      throw error;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Status of the switch a page entry names by its Chinese name (SPEC §4 step 4); unknown names count as off. */
export function switchStatusByName(rows: readonly SwitchRow[], switchName: string): number {
  return rows.find((row) => row.switchName === switchName)?.status ?? 0;
}

/** Whether the switch with this key is on (status 1). Display helpers use keys, which are stable. */
export function isSwitchOn(rows: readonly SwitchRow[], switchKey: string): boolean {
  return rows.some((row) => row.switchKey === switchKey && row.status === 1);
}
