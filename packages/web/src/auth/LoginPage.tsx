import { Box, Link, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { FullScreenSpinner } from '../shell/FullScreenSpinner.tsx';
import { initialDocumentPath } from './initial-path.ts';

/**
 * /login and its callback are server routes. The SPA only lands here by a client-side
 * navigation, and then hands the URL to the server with a full page load.
 */
export function LoginPage() {
  const location = useLocation();
  const target = `${location.pathname}${location.search}`;
  // Served this very URL as a document, the server did not handle it: do not loop.
  const servedBySpa = initialDocumentPath === target;

  useEffect(() => {
    if (!servedBySpa) window.location.assign(target);
  }, [servedBySpa, target]);

  if (!servedBySpa) return <FullScreenSpinner label="Signing in" />;
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Sign in
      </Typography>
      <Typography>
        The sign-in service did not answer. <Link href={target}>Try again</Link>
      </Typography>
    </Box>
  );
}
