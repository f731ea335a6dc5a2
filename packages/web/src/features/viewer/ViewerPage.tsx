import { ViewerScreen } from './ViewerScreen.tsx';

/** The Scans screen. */
export function ViewerPage() {
  return <ViewerScreen variant="viewer" />;
}
