import { PagePlaceholder } from '../../shell/PagePlaceholder.tsx';

/** The Activity Logs screen. */
export function ActivityLogsPage() {
  return <PagePlaceholder title="Activity Logs" />;
}
