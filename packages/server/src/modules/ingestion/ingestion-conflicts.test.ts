import { describe, expect, it } from 'vitest';
import {
  type FrameValues,
  frameDifference,
  type IncomingScan,
  type StoredScan,
  scanDifference,
} from './ingestion-conflicts.ts';

const path = {
  type: 'LineString' as const,
  coordinates: [
    [139.61, 35.16],
    [139.62, 35.17],
  ],
};
const incoming: IncomingScan = {
  id: 'S1_01',
  capturedStart: '2024-05-01T10:00:00Z',
  capturedEnd: '2024-05-01T10:05:00Z',
  pointCount: 1000,
  cloudSize: 50_000,
  cloudSha256: 'a'.repeat(64),
  simplePath: path,
  length: 12.34,
};
const stored: StoredScan = {
  capturedTimestamp: new Date('2024-05-01T10:00:00Z'),
  endCapturedTimestamp: new Date('2024-05-01T10:05:00Z'),
  simplePath: structuredClone(path),
  length: 12.34,
  metadata: { point_count: 1000 },
  cloud: { size: 50_000, parameters: { points: 1000, sha256: 'a'.repeat(64), lod: {} } },
};

describe('scanDifference', () => {
  it('finds none between a scan and itself', () => {
    expect(scanDifference(incoming, stored)).toBeNull();
  });

  it.each([
    [
      { capturedStart: '2024-05-01T09:00:00Z' },
      'scan S1_01: capture start 2024-05-01T09:00:00Z here, 2024-05-01T10:00:00Z stored',
    ],
    [
      { capturedEnd: '2024-05-01T10:06:00.5Z' },
      'scan S1_01: capture end 2024-05-01T10:06:00.5Z here, 2024-05-01T10:05:00Z stored',
    ],
    [{ pointCount: 999 }, 'scan S1_01: point count 999 here, 1000 stored'],
    [{ cloudSize: 50_001 }, 'scan S1_01: point cloud size 50001 bytes here, 50000 bytes stored'],
    [
      { cloudSha256: 'b'.repeat(64) },
      "scan S1_01: the point cloud's content differs from the stored one",
    ],
    [{ length: 12.35 }, 'scan S1_01: trajectory length 12.35 m here, 12.34 m stored'],
    [
      {
        simplePath: {
          ...path,
          coordinates: [
            [139.61, 35.16],
            [139.63, 35.17],
          ],
        },
      },
      "scan S1_01: the trajectory's path differs from the stored one",
    ],
  ])('names the first difference: %o', (change, expected) => {
    expect(scanDifference({ ...incoming, ...change }, stored)).toBe(expected);
  });

  it('compares a cloud stored without a hash by size and point count only', () => {
    const legacy = { ...stored, cloud: { size: 50_000, parameters: { points: 1000 } } };
    expect(scanDifference({ ...incoming, cloudSha256: 'b'.repeat(64) }, legacy)).toBeNull();
    expect(scanDifference({ ...incoming, cloudSize: 1 }, legacy)).toMatch(/point cloud size/);
  });
});

describe('frameDifference', () => {
  const frame: FrameValues = {
    gpsTime: 1.5,
    x: 1,
    y: 2,
    z: 3,
    lat: 35.1,
    lon: 139.6,
    images: { left: { jpegRotation: 90 }, center: { jpegRotation: 0 } },
  };

  it('finds none between a frame and itself', () => {
    expect(frameDifference('scan S frame 7', frame, structuredClone(frame))).toBeNull();
  });

  it.each([
    [{ gpsTime: 1.6 }, 'scan S frame 7: gps_time 1.6 here, 1.5 stored'],
    [{ lat: 35.2 }, 'scan S frame 7: lat 35.2 here, 35.1 stored'],
    [
      { images: { center: { jpegRotation: 0 } } },
      'scan S frame 7: cameras center here, center, left stored',
    ],
    [
      { images: { left: { jpegRotation: 270 }, center: { jpegRotation: 0 } } },
      'scan S frame 7: left image rotation 270 here, 90 stored',
    ],
  ])('names the first difference: %o', (change, expected) => {
    expect(frameDifference('scan S frame 7', { ...frame, ...change }, frame)).toBe(expected);
  });
});
