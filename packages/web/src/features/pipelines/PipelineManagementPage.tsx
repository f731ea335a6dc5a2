import { PagePlaceholder } from '../../shell/PagePlaceholder.tsx';

/** The Pipeline Management screen. */
export function PipelineManagementPage() {
  return <PagePlaceholder title="Pipeline Management" />;
}
