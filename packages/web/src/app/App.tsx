import { ApolloProvider } from '@apollo/client/react';
import { ROUTE_PATHS } from '@asset-portal/shared';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { RouterProvider } from 'react-router';
import { SessionProvider, useSession } from '../auth/SessionContext.tsx';
import { ConfirmDialogHost } from '../components/confirm/ConfirmDialogHost.tsx';
import { ConfigProvider } from '../config/ConfigContext.tsx';
import type { RuntimeConfig } from '../config/runtime-config.ts';
import { createApolloClient } from '../graphql/apollo-client.ts';
import { appTheme } from '../shell/theme.ts';
import { SnackbarHost } from '../snackbar/SnackbarHost.tsx';
import { createAppRouter } from './router.tsx';

/** The whole app once the runtime config is known. */
export function App({ config }: { config: RuntimeConfig }) {
  useEffect(() => {
    document.title = config.appTitle;
  }, [config.appTitle]);

  return (
    <ConfigProvider config={config}>
      <ThemeProvider theme={appTheme}>
        <CssBaseline />
        <SessionProvider>
          <RoutedApp />
        </SessionProvider>
        <SnackbarHost />
        <ConfirmDialogHost />
      </ThemeProvider>
    </ConfigProvider>
  );
}

/** Router and GraphQL client, created once and wired to the session. */
function RoutedApp() {
  const { session, markSignedOut } = useSession();
  const sessionStatus = useRef(session.status);
  sessionStatus.current = session.status;

  const [router] = useState(createAppRouter);
  const [client] = useState(() =>
    createApolloClient({
      // A 401 for a signed-in user means the account was disabled or the session ended.
      onUnauthorized() {
        if (sessionStatus.current !== 'signedIn') return;
        markSignedOut();
        void router.navigate(ROUTE_PATHS.Unauthorized, { replace: true });
      },
    }),
  );

  return (
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>
  );
}
