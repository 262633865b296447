import { create } from 'zustand';

/** notReadMessageCount (SPEC §3): the home red dot and the messages entry's badge. */
export interface UnreadState {
  count: number;
  setCount: (count: number) => void;
}

export const useUnreadStore = create<UnreadState>()((set) => ({
  count: 0,
  setCount: (count) => set({ count: Math.max(0, Math.trunc(count)) }),
}));
