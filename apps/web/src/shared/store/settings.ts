import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@kestrel/contract/web';
import { create } from 'zustand';
import { STORAGE_KEYS, readText, writeText } from '../storage/local-storage';

/**
 * Rise/fall colours: green up (the default) or red up (the convention in mainland China and a few other
 * markets). The server's `red_up` switch sets it at launch.
 */
export type RiseFallColours = 'green-up' | 'red-up';

export interface SettingsState {
  locale: LanguageCode;
  /** Index into LINES (src/shared/api/lines.ts); SPEC §7 "currentLine", default 0. */
  currentLine: number;
  riseFallColours: RiseFallColours;
  setLocale: (locale: LanguageCode) => void;
  setCurrentLine: (index: number) => void;
  setRiseFallColours: (colours: RiseFallColours) => void;
}

function storedLocale(): LanguageCode {
  const stored = readText(STORAGE_KEYS.locale);
  return stored !== null && isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

function storedLine(): number {
  const stored = Number(readText(STORAGE_KEYS.currentLine) ?? '0');
  return Number.isInteger(stored) && stored >= 0 ? stored : 0;
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  locale: storedLocale(),
  currentLine: storedLine(),
  riseFallColours: 'green-up',
  setLocale: (locale) => {
    writeText(STORAGE_KEYS.locale, locale);
    set({ locale });
  },
  setCurrentLine: (index) => {
    writeText(STORAGE_KEYS.currentLine, String(index));
    set({ currentLine: index });
  },
  setRiseFallColours: (riseFallColours) => set({ riseFallColours }),
}));
