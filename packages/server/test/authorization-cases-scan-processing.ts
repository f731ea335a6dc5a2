import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
// Types only: authorization-cases.ts spreads this file, so a value import would be circular.
import type { AuthorizationCase } from './authorization-cases.ts';

const all = (outcome: 'allow' | 'deny') => ({ own: outcome, other: outcome });

/** Admin everywhere; Power User in their own organization; Standard nowhere. */
const processors = {
  Admin: all('allow'),
  'Power User': { own: 'allow', other: 'deny' },
  Standard: all('deny'),
} as const satisfies AuthorizationCase['expect'];

export const scanProcessingCases: Record<string, AuthorizationCase> = {
  processScans: {
    document: 'mutation($s:ProcessingSubmission!){ processScans(submission:$s){ submitted } }',
    variables: async ({ db, aimed }) => {
      const artifact = await db
        .selectFrom('artifacts')
        .select('id')
        .where('scanId', '=', aimed.scanId)
        .where('artifactType', '=', 'pointcloud')
        .executeTakeFirstOrThrow();
      return {
        s: {
          artifactIds: [String(artifact.id)],
          name: `v-${randomUUID().slice(0, 8)}`,
          pipeline: '[{"type":"filters.range","limits":"Classification[2:2]"}]',
        },
      };
    },
    expect: processors,
  },
  scansWithoutStoredCloud: {
    document: 'query($ids:[ID!]!){ scansWithoutStoredCloud(scanIds:$ids) }',
    variables: ({ aimed }) => ({ ids: [aimed.scanId] }),
    expect: processors,
  },
  updateScanHeader: {
    document:
      'mutation($id:ID!){ updateScanHeader(id:$id,friendlyName:"Renamed",tags:["QA - OK"]){ id friendlyName } }',
    variables: ({ aimed }) => ({ id: aimed.scanId }),
    expect: processors,
  },
  deleteScan: {
    document: 'mutation($id:ID!){ deleteScan(id:$id) }',
    variables: ({ aimed }) => ({ id: aimed.scanId }),
    expect: processors,
  },
  getMostRecentArtifactForDownload: {
    // A stored cloud of the aimed organization's scan: its own users and Admin get a link.
    document: 'query($id:ID!){ getMostRecentArtifactForDownload(id:$id){ url filename } }',
    variables: async ({ db, aimed, storage }) => {
      const key = `org-${aimed.organizationId}/project-${aimed.projectId}/scans/${aimed.scanId}/pointcloud.las`;
      await storage.putStream(key, Readable.from([Buffer.from('LASF')]), { size: 4 });
      await db
        .insertInto('artifacts')
        .values({
          scanId: aimed.scanId,
          artifactType: 'pointcloud',
          name: 'download',
          s3Url: `s3://portal/${key}`,
          created: new Date(Date.now() + 60_000),
        })
        .execute();
      return { id: aimed.scanId };
    },
    expect: {
      Admin: all('allow'),
      'Power User': { own: 'allow', other: 'deny' },
      Standard: { own: 'allow', other: 'deny' },
    },
  },
};
