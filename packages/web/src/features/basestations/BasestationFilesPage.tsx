import { PagePlaceholder } from '../../shell/PagePlaceholder.tsx';

/** The Basestation Files screen. */
export function BasestationFilesPage() {
  return <PagePlaceholder title="Basestation Files" />;
}
