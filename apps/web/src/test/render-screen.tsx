import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../shared/api/query-client';
import { i18n } from '../shared/i18n/i18n';

/**
 * Renders one screen at a route, with the app's providers and a fresh query cache. Every path shows
 * the screen, except `stubPaths`, which show an empty stand-in: a screen that redirects (to login,
 * say) would otherwise render itself again at the target and redirect for ever.
 */
export function renderScreen(element: ReactElement, path = '/', { stubPaths = [] }: { stubPaths?: string[] } = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      ...stubPaths.map((stubPath) => ({ path: stubPath, element: <div data-testid="stub-screen" /> })),
      { path: '*', element },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}
