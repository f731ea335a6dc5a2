import { PagePlaceholder } from '../../shell/PagePlaceholder.tsx';

/** The Scans screen. */
export function ViewerPage() {
  return <PagePlaceholder title="Scans" />;
}
