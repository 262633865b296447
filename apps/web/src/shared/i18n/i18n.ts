import { DEFAULT_LANGUAGE } from '@kestrel/contract/web';
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSettingsStore } from '../store/settings';
import { ENGLISH_PACK } from './english';
import { noteMissingKey } from './shown-texts';

/**
 * The app's i18next instance. Keys are flat and dotted ("tab.home"), so key and namespace separators
 * are off; values use i18next's `{{name}}` interpolation, which is what the server's packs use too.
 * React escapes output itself, so i18next must not escape it a second time.
 */
export const i18n = createInstance();

void i18n.use(initReactI18next).init({
  resources: { [DEFAULT_LANGUAGE]: { translation: ENGLISH_PACK } },
  lng: useSettingsStore.getState().locale,
  fallbackLng: DEFAULT_LANGUAGE,
  load: 'currentOnly',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // Re-render when a pack arrives, not only when the language changes: a screen opened straight away in
  // English renders before the server's pack (and the lazily bundled sets) are in, and would otherwise
  // keep showing raw keys for texts outside the first screen's set.
  react: { useSuspense: false, bindI18nStore: 'added' },
  // Which keys were drawn without a text, so a pack that brings none of them can be added silently
  // (language-pack.ts, shown-texts.ts).
  parseMissingKeyHandler: noteMissingKey,
});
