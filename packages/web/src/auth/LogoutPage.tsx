import { LOGGED_OUT } from '@asset-portal/shared';
import { Link, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { FullScreenSpinner } from '../shell/FullScreenSpinner.tsx';
import { CenteredMessage } from './CenteredMessage.tsx';
import { useSession } from './SessionContext.tsx';
import { redirectToServerLogout } from './session.ts';

interface LogoutPageProps {
  /** Forgets what the browser keeps for the user (the current project…) before signing out. */
  onSignOut?(): void;
}

/**
 * /logout: with a live session it hands over to the server, which ends the cookie session and
 * the provider's session and comes back here with `signedOut=1`.
 */
export function LogoutPage({ onSignOut }: LogoutPageProps) {
  const { session } = useSession();
  const [searchParams] = useSearchParams();
  const returning = searchParams.get('signedOut') === '1';
  const mustSignOut = !returning && session.status === 'signedIn';

  useEffect(() => {
    if (!mustSignOut) return;
    onSignOut?.();
    redirectToServerLogout();
  }, [mustSignOut, onSignOut]);

  if (mustSignOut || (!returning && session.status === 'loading')) {
    return <FullScreenSpinner label="Signing out" />;
  }
  return (
    <CenteredMessage>
      <Typography variant="h5" component="h1" gutterBottom>
        {LOGGED_OUT}
      </Typography>
      {/* A document link: /login is served by the server, not by the SPA. */}
      <Link href="/login" data-testid="login-link">
        Log in
      </Link>
    </CenteredMessage>
  );
}
