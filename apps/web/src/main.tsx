// antd-mobile's theme variables and base styles. Components are imported by their own paths
// ('antd-mobile/es/components/x'), not from the package root, whose index pulls every component
// into whichever chunk first touches it (see vite.config.ts).
import 'antd-mobile/es/global';
import './shared/ui/tokens.css';
import './shared/ui/base.css';
import './shared/ui/parts.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';
import { queryClient } from './shared/api/query-client';
import { applyDocumentLanguage } from './shared/i18n/document-language';
import { i18n } from './shared/i18n/i18n';
import { registerServiceWorker } from './shared/offline/register-service-worker';
import { useSettingsStore } from './shared/store/settings';

// Direction before the first paint, so a right-to-left customer never sees the layout flip.
applyDocumentLanguage(useSettingsStore.getState().locale);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// As a transition, the first render is done in slices that leave the main thread free between them
// (index.html's splash stays up meanwhile): rendered in one go, the whole first screen was one long task
// that kept the phone from answering a tap.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={createAppRouter()} />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
});

// Offline: the app shell and its assets are kept so the app opens without a network (production only).
registerServiceWorker();
