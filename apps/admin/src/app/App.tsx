import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enGB from 'antd/locale/en_GB';
import { useEffect, useState } from 'react';
import { HashRouter } from 'react-router-dom';
import { onUnauthorized } from '../shared/api/call';
import { isApiError } from '../shared/api/errors';
import { useStaffSession } from '../shared/api/use-session';
import { SignInScreen } from '../features/sign-in/SignInScreen';
import { Shell } from './Shell';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(isApiError(error) && error.kind !== 'transport') && count < 2,
    },
    mutations: { retry: false },
  },
});

/** Providers, then sign-in or the console; a 401 anywhere brings sign-in back with a notice. */
export function App() {
  const session = useStaffSession();
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    onUnauthorized(() => {
      setExpired(true);
      queryClient.clear();
    });
  }, []);
  useEffect(() => {
    if (session) setExpired(false);
    else queryClient.clear();
  }, [session]);

  return (
    <ConfigProvider
      locale={enGB}
      theme={{
        algorithm: theme.defaultAlgorithm,
        token: { colorPrimary: '#1f6feb', borderRadius: 6, fontSize: 14 },
        components: {
          Layout: { siderBg: '#0f1b2d', headerBg: '#ffffff' },
          Menu: { darkItemBg: '#0f1b2d', darkGroupTitleColor: '#7d8ca3' },
        },
      }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <HashRouter>{session ? <Shell session={session} /> : <SignInScreen expired={expired} />}</HashRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
