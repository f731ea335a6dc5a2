import { CONNECTION_ISSUE } from '@asset-portal/shared';
import { Box, Button, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { FullScreenSpinner } from '../shell/FullScreenSpinner.tsx';
import { useSession } from './SessionContext.tsx';
import { redirectToSignIn, type SessionUser } from './session.ts';

/** Parent route of every signed-in screen: waits for the session, or starts sign-in. */
export function RequireSession() {
  const { session, reload } = useSession();

  useEffect(() => {
    if (session.status === 'signedOut') redirectToSignIn();
  }, [session.status]);

  if (session.status === 'signedIn') return <Outlet />;
  if (session.status === 'error') {
    return (
      <Box sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center' }}>
        <Box sx={{ textAlign: 'center' }}>
          <Typography gutterBottom>{CONNECTION_ISSUE}</Typography>
          <Button variant="outlined" onClick={reload}>
            Retry
          </Button>
        </Box>
      </Box>
    );
  }
  return <FullScreenSpinner />;
}

/** The signed-in user; only valid below RequireSession. */
export function useSignedInUser(): SessionUser {
  const { session } = useSession();
  if (session.status !== 'signedIn') throw new Error('useSignedInUser needs a signed-in session');
  return session.user;
}
