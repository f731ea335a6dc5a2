import { PagePlaceholder } from '../../shell/PagePlaceholder.tsx';

/** The Layers screen. */
export function LayersPage() {
  return <PagePlaceholder title="Layers" />;
}
