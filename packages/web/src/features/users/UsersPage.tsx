import { PagePlaceholder } from '../../shell/PagePlaceholder.tsx';

/** The Users screen. */
export function UsersPage() {
  return <PagePlaceholder title="Users" />;
}
