import { describe, expect, it } from 'vitest';
import {
  assembleSummary,
  partFromStored,
  type ScanPart,
  scanPart,
  storedPart,
} from './summary-parts.ts';
import { encodedViewerPath } from './viewer-path.ts';

type Row = Parameters<typeof scanPart>[0];
type Artifact = Parameters<typeof scanPart>[1][number];

const row = (overrides: Partial<Row>): Row => ({
  id: 'SC-1',
  marker: '812/0',
  friendlyName: 'Main Street, north',
  sessionId: 'S-20240501-1',
  assignmentType: 'project',
  deviceId: 'LG-0042',
  type: 'mobile',
  tags: ['QA - OK', 'Reprocess'],
  comment: 'Checked on site',
  capturedTimestamp: new Date(Date.UTC(2024, 4, 1, 10, 0, 2, 500)),
  viewerPath: null,
  simplePath: {
    type: 'LineString',
    coordinates: [
      [-123.0751, 44.0462],
      [-123.0749, 44.0465],
      [-123.0741, 44.0471],
    ],
  },
  ...overrides,
});

const artifact = (id: number, scanId: string, artifactType: string): Artifact => ({
  id,
  scanId,
  artifactType,
  name: artifactType,
  status: 'final',
});

const roundTrip = (part: ScanPart) => partFromStored(part.input.id, part.marker, storedPart(part));

describe('stored scan parts', () => {
  it('give back the same summary as the parts they were stored from', () => {
    const parts = [
      scanPart(row({}), [artifact(7, 'SC-1', 'pointcloud'), artifact(9, 'SC-1', 'center_cam')]),
      // Every optional field empty, and no path.
      scanPart(
        row({
          id: 'SC-2',
          marker: '813/4',
          friendlyName: null,
          sessionId: null,
          assignmentType: null,
          deviceId: null,
          type: null,
          tags: [],
          comment: null,
          capturedTimestamp: null,
          simplePath: null,
        }),
        [],
      ),
    ];
    const restored = parts.map(roundTrip);
    expect(restored.map((part) => [part.input.id, part.marker])).toEqual([
      ['SC-1', '812/0'],
      ['SC-2', '813/4'],
    ]);
    expect(restored[0]!.path).toBe(parts[0]!.path);
    expect(restored[0]!.path).not.toBeNull();
    expect(JSON.stringify(assembleSummary(3, restored))).toBe(
      JSON.stringify(assembleSummary(3, parts)),
    );
    expect(restored.map((part) => part.bytes)).toEqual(parts.map((part) => part.bytes));
  });

  it('leave out the scan id, which is the stored row key, from the text', () => {
    const part = scanPart(row({ id: 'SC-UNIQUE-ID' }), [artifact(1, 'SC-UNIQUE-ID', 'pointcloud')]);
    expect(storedPart(part)).not.toContain('SC-UNIQUE-ID');
  });
});

describe('a scan part', () => {
  it('takes the viewer path written with the scan, and computes it only where none is', () => {
    const computed = scanPart(row({}), []);
    const written = encodedViewerPath(row({}).simplePath);
    expect(written).not.toBe('');
    expect(computed.path).toBe(written);
    // As read where the viewer path is known: no simple path comes with it.
    const fromColumn = scanPart(row({ viewerPath: written, simplePath: null }), []);
    expect(fromColumn.path).toBe(written);
    // Written, but a path that draws nothing.
    expect(scanPart(row({ viewerPath: '', simplePath: null }), []).path).toBeNull();
  });
});
