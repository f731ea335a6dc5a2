import { describe, expect, it } from 'vitest';
import {
  type CompactScanSummary,
  decodePolyline,
  decodeScanSummary,
  decodeScanSummaryFlat,
  encodePolyline,
  encodeScanSummary,
  SCAN_SUMMARY_FORMAT,
  type SummaryScanInput,
  scanSummaryPath,
} from './scan-summary-codec.ts';

const scan = (overrides: Partial<SummaryScanInput> = {}): SummaryScanInput => ({
  id: 'SC-1',
  friendlyName: 'Main street',
  sessionId: 'S-1',
  assignmentType: 'Device',
  deviceId: 'LG-1001',
  type: 'Mobile',
  tags: ['QA - OK'],
  comment: 'Checked',
  capturedTimestamp: new Date('2025-03-04T05:06:07.089Z'),
  path: [
    [-123.1, 49.2],
    [-123.100051, 49.200031],
  ],
  artifacts: [{ id: 7, artifactType: 'pointcloud', name: 'unclassified', status: 'final' }],
  ...overrides,
});

describe('encoded polylines', () => {
  it('matches the reference example of the algorithm at 5 digits', () => {
    // Google's documented example: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453).
    const lonLat = [
      [-120.2, 38.5],
      [-120.95, 40.7],
      [-126.453, 43.252],
    ];
    expect(encodePolyline(lonLat, 5)).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@', 5)).toEqual(lonLat);
  });

  it('keeps every coordinate within half a unit of the last digit, whatever the path', () => {
    let lon = -179.99;
    let lat = -89.5;
    const line: [number, number][] = [];
    for (let i = 0; i < 2000; i++) {
      lon += Math.sin(i) * 0.37;
      lat += Math.cos(i * 3) * 0.21;
      line.push([lon, lat]);
    }
    line.push([180, 90], [-180, -90], [0, 0]);
    for (const precision of [5, 6, 7]) {
      const decoded = decodePolyline(encodePolyline(line, precision), precision);
      expect(decoded).toHaveLength(line.length);
      const half = 0.5 / 10 ** precision + 1e-12;
      decoded.forEach(([x, y], i) => {
        expect(Math.abs(x - line[i]![0])).toBeLessThanOrEqual(half);
        expect(Math.abs(y - line[i]![1])).toBeLessThanOrEqual(half);
      });
    }
  });

  it('refuses a truncated polyline instead of inventing a vertex', () => {
    const encoded = encodePolyline([[10, 20]], 6);
    expect(() => decodePolyline(encoded.slice(0, encoded.length - 3), 6)).toThrow(/Truncated/);
  });
});

describe('compact scan summary', () => {
  it('round-trips what the viewer reads of each scan', () => {
    const scans = [
      scan(),
      scan({
        id: 'SC-2',
        friendlyName: null,
        sessionId: null,
        assignmentType: 'Imported',
        deviceId: null,
        type: null,
        tags: [],
        comment: null,
        capturedTimestamp: null,
        path: null,
        artifacts: [],
      }),
      scan({
        id: 'SC-3',
        tags: ['QA - Issue/Poor', 'QA - OK'],
        capturedTimestamp: '2025-03-04T05:06:07Z',
        artifacts: [
          { id: 12, artifactType: 'pointcloud', name: 'classified', status: 'provisional' },
          { id: 3, artifactType: 'center_cam', name: 'center_cam', status: 'provisional' },
        ],
      }),
    ];
    const doc = JSON.parse(JSON.stringify(encodeScanSummary(42, scans))) as CompactScanSummary;
    const decoded = decodeScanSummary(doc);
    expect(decoded.map((s) => s.id)).toEqual(['SC-1', 'SC-2', 'SC-3']);
    expect(decoded[0]).toEqual({
      id: 'SC-1',
      friendlyName: 'Main street',
      sessionId: 'S-1',
      assignmentType: 'Device',
      deviceId: 'LG-1001',
      type: 'Mobile',
      tags: ['QA - OK'],
      comment: 'Checked',
      capturedTimestamp: '2025-03-04T05:06:07.089Z',
      projectId: '42',
      simplePath: {
        type: 'LineString',
        coordinates: [
          [-123.1, 49.2],
          [-123.100051, 49.200031],
        ],
      },
      artifacts: [{ id: '7', artifactType: 'pointcloud', name: 'unclassified', status: 'final' }],
    });
    expect(decoded[1]).toEqual({
      id: 'SC-2',
      friendlyName: null,
      sessionId: null,
      assignmentType: 'Imported',
      deviceId: null,
      type: null,
      tags: [],
      comment: null,
      capturedTimestamp: null,
      projectId: '42',
      simplePath: null,
      artifacts: [],
    });
    expect(decoded[2]?.tags).toEqual(['QA - Issue/Poor', 'QA - OK']);
    expect(decoded[2]?.capturedTimestamp).toBe('2025-03-04T05:06:07.000Z');
    expect(decoded[2]?.artifacts.map((a) => a.name)).toEqual(['classified', 'center_cam']);
    expect(decoded[2]?.artifacts.map((a) => a.id)).toEqual(['12', '3']);
  });

  it('decodes the paths flat, as views of one buffer, for the viewer', () => {
    const scans = [
      scan({ id: 'SC-1' }),
      scan({ id: 'SC-2', path: null }),
      scan({ id: 'SC-3', path: [[2.5, -45.25]] }),
    ];
    const doc = JSON.parse(JSON.stringify(encodeScanSummary(42, scans))) as CompactScanSummary;
    const flat = decodeScanSummaryFlat(doc);
    const geojson = decodeScanSummary(doc);
    expect(flat.map((s) => s.path && [...s.path])).toEqual([
      [-123.1, 49.2, -123.100051, 49.200031],
      null,
      [2.5, -45.25],
    ]);
    expect(flat[0]?.path?.buffer).toBe(flat[2]?.path?.buffer);
    // Exactly the room of the 3 vertices' 6 numbers: the page keeps this buffer.
    expect(flat[0]?.path?.buffer.byteLength).toBe(6 * Float64Array.BYTES_PER_ELEMENT);
    // The other fields as the GeoJSON form has them.
    const { path: _path, ...rest } = flat[0]!;
    const { simplePath: _simplePath, ...same } = geojson[0]!;
    expect(rest).toEqual(same);
  });

  it('writes each repeated text once', () => {
    const scans = Array.from({ length: 100 }, (_, i) => scan({ id: `SC-${i}` }));
    const doc = encodeScanSummary(1, scans);
    expect(doc.strings.filter((s) => s === 'LG-1001')).toHaveLength(1);
    expect(doc.strings.filter((s) => s === 'pointcloud')).toHaveLength(1);
  });

  it('refuses a document of another format', () => {
    const doc = { ...encodeScanSummary(1, [scan()]), format: SCAN_SUMMARY_FORMAT + 1 };
    expect(() => decodeScanSummary(doc as unknown as CompactScanSummary)).toThrow(/format/);
  });

  it('names the route of a project', () => {
    expect(scanSummaryPath(7)).toBe('/api/projects/7/scan-summary');
  });
});
