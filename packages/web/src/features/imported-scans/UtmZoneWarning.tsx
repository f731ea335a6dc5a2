import { Alert } from '@mui/material';
import { useCurrentProject } from '../projects/current-project-store.ts';
import { utmZoneWarning } from './imported-scan-texts.ts';

/** Under the UTM field of the imported-scan dialogs: a zone other than the project's. */
export function UtmZoneWarning({ utm }: { utm: string }) {
  const { project } = useCurrentProject();
  const warning = utmZoneWarning(utm, project?.utm);
  return warning ? (
    <Alert severity="warning" data-testid="imported-scan-zone-warning">
      {warning}
    </Alert>
  ) : null;
}
