// Types only: authorization-cases.ts spreads this file, so a value import would be circular.
import type { GraphqlResult } from './api.ts';
import type { AuthorizationCase, Outcome } from './authorization-cases.ts';

/** Point-cloud streams and profiles follow the scan's own scope: Admin everywhere, others at home. */
const scanScope = {
  Admin: { own: 'allow', other: 'allow' },
  'Power User': { own: 'allow', other: 'deny' },
  Standard: { own: 'allow', other: 'deny' },
} as const satisfies AuthorizationCase['expect'];

/**
 * The fixture scans have no built cloud, so a permitted profile answers that the cloud is not
 * ready; only 'Not found' (or a refusal) means the scan was out of reach.
 */
const reachedTheScan = (result: GraphqlResult<Record<string, unknown>>): Outcome => {
  const code = result.errors?.[0]?.extensions?.code;
  return code === 'NOT_FOUND' || code === 'FORBIDDEN' ? 'deny' : 'allow';
};

export const pointCloudCases: Record<string, AuthorizationCase> = {
  pointCloudStreams: {
    document: 'query($ids:[ID!]!){ pointCloudStreams(scanIds:$ids){ scanId status } }',
    variables: ({ aimed }) => ({ ids: [aimed.scanId] }),
    expect: scanScope,
  },
  elevationProfile: {
    document:
      'query($input:ElevationProfileInput!){ elevationProfile(input:$input){ pointCount } }',
    variables: ({ aimed }) => ({
      input: {
        scanIds: [aimed.scanId],
        line: [
          [-123, 44],
          [-123.001, 44.001],
        ],
      },
    }),
    judge: reachedTheScan,
    expect: scanScope,
  },
};
