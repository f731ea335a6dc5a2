import { describe, expect, it } from 'vitest';
import { scanObjects } from './scan-objects.ts';

const scan = { id: 'SC1', organizationId: 4, projectId: 2 };
const url = (key: string) => `s3://portal/${key}`;

describe('scanObjects', () => {
  it('takes the scan folder of the current project and of any project its objects sit in', () => {
    const objects = scanObjects(
      scan,
      {
        urls: [
          url('org-4/project-2/scans/SC1/pointcloud.laz'),
          url('org-4/project-none/scans/SC1/images/center/1.jpg'),
        ],
        lodPrefixes: ['org-4/project-2/scans/SC1/lod/'],
      },
      'portal',
    );
    expect(objects).toEqual({
      prefixes: ['org-4/project-2/scans/SC1/', 'org-4/project-none/scans/SC1/'],
      keys: [],
    });
  });

  it('takes a lone object with its level of detail, and never another organization or scan', () => {
    const objects = scanObjects(
      scan,
      {
        urls: [
          url('org-4/project-2/imports/7/cloud.las'),
          url('org-5/project-9/scans/SC1/pointcloud.las'),
          's3://elsewhere/org-4/project-2/scans/SC1/x.las',
        ],
        lodPrefixes: ['org-5/project-9/scans/SC1/lod/'],
      },
      'portal',
    );
    expect(objects).toEqual({
      prefixes: ['org-4/project-2/imports/7/lod/', 'org-4/project-2/scans/SC1/'],
      keys: ['org-4/project-2/imports/7/cloud.las'],
    });
    // SC10's folder is not inside SC1's.
    expect(objects.prefixes.every((p) => p.endsWith('/'))).toBe(true);
  });
});
