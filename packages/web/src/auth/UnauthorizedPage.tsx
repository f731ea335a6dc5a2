import { NOT_AUTHORIZED } from '@asset-portal/shared';
import { Link, Typography } from '@mui/material';
import { useConfig } from '../config/ConfigContext.tsx';
import { CenteredMessage } from './CenteredMessage.tsx';

/** Shown when the identity is fine but the portal has no enabled user for it. */
export function UnauthorizedPage() {
  const { supportEmail } = useConfig();
  return (
    <CenteredMessage>
      <Typography variant="h5" component="h1" gutterBottom>
        {NOT_AUTHORIZED}
      </Typography>
      <Typography>
        Contact{' '}
        <Link href={`mailto:${supportEmail}`} data-testid="support-email">
          {supportEmail}
        </Link>
      </Typography>
    </CenteredMessage>
  );
}
