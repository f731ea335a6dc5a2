// Types only: authorization-cases.ts spreads this file, so a value import would be circular.
import type { AuthorizationCase } from './authorization-cases.ts';

/** Image links follow the scan's own scope: Admin everywhere, others in their organization. */
export const scanImagesCases: Record<string, AuthorizationCase> = {
  scanImageUrls: {
    document:
      'query($s:ID!,$f:Int!){ scanImageUrls(scanId:$s, frame:$f){ frame center { url thumbnailUrl } } }',
    variables: async ({ db, aimed }) => {
      const s3Url = `s3://portal/org-${aimed.organizationId}/project-${aimed.projectId}/scans/${aimed.scanId}/images/center/000000.jpg`;
      await db
        .insertInto('images')
        .values({
          scanId: aimed.scanId,
          frame: 0,
          lat: 44,
          lon: -123,
          centerImage: JSON.stringify({ s3Url, jpegRotation: 0 }),
        })
        .onConflict((oc) => oc.columns(['scanId', 'frame']).doNothing())
        .execute();
      return { s: aimed.scanId, f: 0 };
    },
    expect: {
      Admin: { own: 'allow', other: 'allow' },
      'Power User': { own: 'allow', other: 'deny' },
      Standard: { own: 'allow', other: 'deny' },
    },
  },
};
