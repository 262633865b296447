import type { UserInfo } from '@kestrel/contract/web';
import { create } from 'zustand';
import { STORAGE_KEYS, readJson, readText, writeJson, writeText } from '../storage/local-storage';

/** The logged-in customer (SPEC §3 "User session"): token and userInfo, both kept in localStorage. */
export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  /** Login and register answer `{ token, userInfo }`: store both. */
  signIn: (token: string, userInfo: UserInfo) => void;
  /** A fresh token without a new profile (password change, demo-mode switch). */
  replaceToken: (token: string) => void;
  updateUserInfo: (userInfo: UserInfo) => void;
  /** Logout and code 401 clear both (SPEC §4 "Session"). */
  signOut: () => void;
}

function isUserInfo(value: unknown): value is UserInfo {
  return typeof value === 'object' && value !== null && 'id' in value && 'accountType' in value;
}

export const useSessionStore = create<SessionState>()((set) => ({
  token: readText(STORAGE_KEYS.token),
  userInfo: readJson(STORAGE_KEYS.userInfo, isUserInfo),
  signIn: (token, userInfo) => {
    writeText(STORAGE_KEYS.token, token);
    writeJson(STORAGE_KEYS.userInfo, userInfo);
    set({ token, userInfo });
  },
  replaceToken: (token) => {
    writeText(STORAGE_KEYS.token, token);
    set({ token });
  },
  updateUserInfo: (userInfo) => {
    writeJson(STORAGE_KEYS.userInfo, userInfo);
    set({ userInfo });
  },
  signOut: () => {
    writeText(STORAGE_KEYS.token, null);
    writeText(STORAGE_KEYS.userInfo, null);
    set({ token: null, userInfo: null });
  },
}));

export const useIsLoggedIn = (): boolean => useSessionStore((state) => state.token !== null);

/** SPEC §3: accountType 2 is a demo (paper-trading) account, labelled wherever it is shown. */
export const DEMO_ACCOUNT_TYPE = 2;
