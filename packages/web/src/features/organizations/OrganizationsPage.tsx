import { PagePlaceholder } from '../../shell/PagePlaceholder.tsx';

/** The Organizations screen. */
export function OrganizationsPage() {
  return <PagePlaceholder title="Organizations" />;
}
