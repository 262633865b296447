import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@kestrel/contract/web';
import { create } from 'zustand';
import { STORAGE_KEYS, readText, writeText } from '../storage/local-storage';

/**
 * Rise/fall colours: green up (the default) or red up (the convention in mainland China and a few other
 * markets). The server's `red_up` switch sets it at launch until the customer chooses in Me.
 */
export type RiseFallColours = 'green-up' | 'red-up';
export const RISE_FALL_COLOURS: readonly RiseFallColours[] = ['green-up', 'red-up'];

/** Light or dark screens: follow the phone's setting (the default), or always one of them. */
export type ThemePreference = 'system' | 'light' | 'dark';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];

export interface SettingsState {
  locale: LanguageCode;
  /** Index into LINES (src/shared/api/lines.ts); SPEC §7 "currentLine", default 0. */
  currentLine: number;
  themePreference: ThemePreference;
  /** The colours in force: the customer's choice, or else the site's `red_up` switch. */
  riseFallColours: RiseFallColours;
  /** Whether the customer chose the colours (then the site switch no longer changes them). */
  riseFallChosen: boolean;
  setLocale: (locale: LanguageCode) => void;
  setCurrentLine: (index: number) => void;
  setThemePreference: (preference: ThemePreference) => void;
  /** The customer's choice, kept on the device. */
  setRiseFallColours: (colours: RiseFallColours) => void;
  /** The site's default (the `red_up` switch); ignored once the customer has chosen. */
  followSiteRiseFallColours: (colours: RiseFallColours) => void;
}

function storedLocale(): LanguageCode {
  const stored = readText(STORAGE_KEYS.locale);
  return stored !== null && isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

function storedLine(): number {
  const stored = Number(readText(STORAGE_KEYS.currentLine) ?? '0');
  return Number.isInteger(stored) && stored >= 0 ? stored : 0;
}

/** One of `allowed` from storage, or null when absent or unreadable (an old or edited value). */
function storedChoice<T extends string>(
  key: typeof STORAGE_KEYS.theme | typeof STORAGE_KEYS.riseFallColours,
  allowed: readonly T[],
): T | null {
  const stored = readText(key);
  return allowed.find((value) => value === stored) ?? null;
}

const chosenRiseFall = storedChoice(STORAGE_KEYS.riseFallColours, RISE_FALL_COLOURS);

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  locale: storedLocale(),
  currentLine: storedLine(),
  themePreference: storedChoice(STORAGE_KEYS.theme, THEME_PREFERENCES) ?? 'system',
  riseFallColours: chosenRiseFall ?? 'green-up',
  riseFallChosen: chosenRiseFall !== null,
  setLocale: (locale) => {
    writeText(STORAGE_KEYS.locale, locale);
    set({ locale });
  },
  setCurrentLine: (index) => {
    writeText(STORAGE_KEYS.currentLine, String(index));
    set({ currentLine: index });
  },
  setThemePreference: (themePreference) => {
    // 'system' is the default: storing nothing keeps a later change of default possible.
    writeText(STORAGE_KEYS.theme, themePreference === 'system' ? null : themePreference);
    set({ themePreference });
  },
  setRiseFallColours: (riseFallColours) => {
    writeText(STORAGE_KEYS.riseFallColours, riseFallColours);
    set({ riseFallColours, riseFallChosen: true });
  },
  followSiteRiseFallColours: (riseFallColours) => {
    if (!get().riseFallChosen) set({ riseFallColours });
  },
}));
