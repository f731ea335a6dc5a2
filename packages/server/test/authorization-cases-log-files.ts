// Types only: authorization-cases.ts spreads this file, so a value import would be circular.
import type { AuthorizationCase } from './authorization-cases.ts';

/** The log-file link follows the activity log's own scope: Admin everywhere, others at home. */
export const logFilesCases: Record<string, AuthorizationCase> = {
  activityLogFileUrl: {
    document: 'query($id:ID!){ activityLogFileUrl(id:$id) }',
    variables: ({ aimed }) => ({ id: aimed.activityLogId }),
    expect: {
      Admin: { own: 'allow', other: 'allow' },
      'Power User': { own: 'allow', other: 'deny' },
      Standard: { own: 'allow', other: 'deny' },
    },
  },
};
