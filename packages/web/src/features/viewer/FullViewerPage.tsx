import { PagePlaceholder } from '../../shell/PagePlaceholder.tsx';

/** The Scans (Full Viewer) screen. */
export function FullViewerPage() {
  return <PagePlaceholder title="Scans (Full Viewer)" />;
}
