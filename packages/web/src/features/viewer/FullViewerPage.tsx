import { ViewerScreen } from './ViewerScreen.tsx';

/** The Scans (Full Viewer) screen: the same viewer with the 3D view large. */
export function FullViewerPage() {
  return <ViewerScreen variant="full" />;
}
