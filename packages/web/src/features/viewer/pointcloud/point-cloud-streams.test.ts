import { describe, expect, it } from 'vitest';
import {
  BUILDING_POLL_MS,
  nextRefreshDelay,
  type PointCloudStream,
  streamStatusText,
  URL_REFRESH_MARGIN_MS,
} from './point-cloud-streams.ts';

const stream = (overrides: Partial<PointCloudStream>): PointCloudStream => ({
  scanId: 's1',
  status: 'ready',
  format: 'potree-2.0',
  metadataUrl: 'https://store/m',
  hierarchyUrl: 'https://store/h',
  octreeUrl: 'https://store/o',
  expiresAt: null,
  crs: null,
  pointCount: 10,
  ...overrides,
});

describe('point-cloud streams', () => {
  it('says why a scan shows no cloud', () => {
    expect(streamStatusText('ready')).toBeNull();
    expect(streamStatusText('building')).toBe('Point cloud is being prepared…');
    expect(streamStatusText('failed')).toBe('The point cloud could not be prepared.');
    expect(streamStatusText('missing')).toBe('This scan has no stored point cloud to show.');
  });

  it('refreshes the URLs a minute before the first expires', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const delay = nextRefreshDelay(
      [
        stream({ expiresAt: '2026-01-01T00:15:00Z' }),
        stream({ scanId: 's2', expiresAt: '2026-01-01T00:10:00Z' }),
      ],
      now,
    );
    expect(delay).toBe(10 * 60_000 - URL_REFRESH_MARGIN_MS);
  });

  it('polls while a cloud is being prepared and waits for nothing otherwise', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(nextRefreshDelay([stream({ status: 'building', metadataUrl: null })], now)).toBe(
      BUILDING_POLL_MS,
    );
    expect(nextRefreshDelay([stream({ status: 'failed' })], now)).toBeNull();
    expect(nextRefreshDelay([stream({ expiresAt: '2025-12-31T23:59:00Z' })], now)).toBe(1_000);
  });
});
