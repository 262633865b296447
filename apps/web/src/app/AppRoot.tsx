import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router-dom';
import { registerNavigator } from '../shared/api/navigation';
import { afterFirstScreen } from '../shared/lazy/after-first-screen';
import { useUnreadCountSync } from '../shared/platform/api/not-read-message-count';
import { useDocumentTheme } from '../shared/theme/use-document-theme';
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
  const { pathname } = useLocation();
  // Only for the route the app opened on: later navigation loads its own screens.
  const [openedOn] = useState(pathname);
  useEffect(() => preloadFirstScreens(openedOn), [openedOn]);
  useEffect(() => afterFirstScreen(preloadTabsAndFallbacks, TAB_PRELOAD_DELAY_MS), []);
  useDocumentLanguage();
  useDocumentTitle();
  useDocumentTheme();
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
