import { setRequestEffects } from '../shared/api/request-effects';
import { forgetLoadedLanguagePacks } from '../shared/i18n/language-pack';
import { resetNetworkErrorsForTests } from '../shared/api/network-errors';
import { resetRequestTimeoutForTests } from '../shared/api/timeout';
import { OTHER_VALUE_DEFAULTS, useOtherValuesStore } from '../shared/platform/other-values';
import { useSessionStore } from '../shared/store/session';
import { useSettingsStore } from '../shared/store/settings';

/** Each test starts as a fresh visit: empty storage, English, line 1, nobody logged in, no toasts, default settings. */
export function resetAppState(): void {
  window.localStorage.clear();
  window.location.hash = '';
  useSessionStore.setState({ token: null, userInfo: null });
  useSettingsStore.setState({
    locale: 'en',
    currentLine: 0,
    themePreference: 'system',
    riseFallColours: 'green-up',
    riseFallChosen: false,
  });
  useOtherValuesStore.setState({ values: OTHER_VALUE_DEFAULTS, loaded: false });
  resetRequestTimeoutForTests();
  resetNetworkErrorsForTests();
  setRequestEffects();
  forgetLoadedLanguagePacks();
}
