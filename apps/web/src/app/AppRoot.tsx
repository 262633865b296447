import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router-dom';
import { registerNavigator } from '../shared/api/navigation';
import { useUnreadCountSync } from '../shared/platform/api/not-read-message-count';
import { Splash } from '../shared/ui/Splash';
import { preloadFirstScreens, preloadTabsAndFallbacks, TAB_PRELOAD_DELAY_MS } from './routes';
import {
  useDocumentLanguage,
  useDocumentTitle,
  useLanguageReady,
  useRiseFallColours,
  useDisplaySettingsLoaded,
} from './use-document-settings';

/** The root of every route: wires navigation for non-React code and keeps the document in step. */
export function AppRoot() {
  const navigate = useNavigate();
  useEffect(() => registerNavigator((path, options) => void navigate(path, options)), [navigate]);
  useEffect(preloadFirstScreens, []);
  useEffect(() => {
    const timer = window.setTimeout(preloadTabsAndFallbacks, TAB_PRELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  useDocumentLanguage();
  useDocumentTitle();
  useRiseFallColours();
  useDisplaySettingsLoaded();
  // The red dot on every screen, live from private:messages (not only under the tab bar).
  useUnreadCountSync();
  const languageReady = useLanguageReady();

  return (
    <>
      {languageReady ? <Outlet /> : <Splash />}
      <ScrollRestoration />
    </>
  );
}
