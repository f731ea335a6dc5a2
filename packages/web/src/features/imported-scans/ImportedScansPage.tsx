import { PagePlaceholder } from '../../shell/PagePlaceholder.tsx';

/** The Imported Scans screen. */
export function ImportedScansPage() {
  return <PagePlaceholder title="Imported Scans" />;
}
