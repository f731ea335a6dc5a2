import { PagePlaceholder } from '../../shell/PagePlaceholder.tsx';

/** The Trajectory Processing screen. */
export function TrajectoryProcessingPage() {
  return <PagePlaceholder title="Trajectory Processing" />;
}
