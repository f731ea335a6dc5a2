import { PagePlaceholder } from '../../shell/PagePlaceholder.tsx';

/** The Device Assignment screen. */
export function DeviceAssignmentPage() {
  return <PagePlaceholder title="Device Assignment" />;
}
