import { PagePlaceholder } from '../../shell/PagePlaceholder.tsx';

/** The Projects screen. */
export function ProjectsPage() {
  return <PagePlaceholder title="Projects" />;
}
