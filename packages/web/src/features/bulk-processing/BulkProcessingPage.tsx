import { PagePlaceholder } from '../../shell/PagePlaceholder.tsx';

/** The Bulk Processing screen. */
export function BulkProcessingPage() {
  return <PagePlaceholder title="Bulk Processing" />;
}
