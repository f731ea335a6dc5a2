import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { routeErrorText } from './route-error.ts';

/**
 * Shown in place of a screen that failed to load or to render. Inside the shell the side menu
 * and the upload monitor stay, so running uploads go on and the user can open another screen.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const text = routeErrorText(error);
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Box sx={{ p: 3, maxWidth: 720 }}>
      <Alert
        severity={text.updated ? 'info' : 'error'}
        data-testid="route-error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        <AlertTitle>{text.title}</AlertTitle>
        {text.message}
      </Alert>
    </Box>
  );
}
