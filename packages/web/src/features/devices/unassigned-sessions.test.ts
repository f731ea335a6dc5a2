import { describe, expect, it } from 'vitest';
import { groupBySession, type UnassignedScanItem } from './unassigned-sessions.ts';

const scan = (id: string, sessionId: string | null, start: string, end: string) =>
  ({
    id,
    sessionId,
    deviceId: 'LG-1001',
    friendlyName: id === 'C' ? '' : `Scan ${id}`,
    capturedTimestamp: start,
    endCapturedTimestamp: end,
  }) satisfies UnassignedScanItem;

describe('groupBySession', () => {
  it('makes one row per session spanning its scans, newest first, and one per loose scan', () => {
    const rows = groupBySession([
      scan('A', 'S1', '2024-04-01T08:31:00.000Z', '2024-04-01T08:32:00.000Z'),
      scan('B', 'S2', '2024-05-01T08:00:00.000Z', '2024-05-01T08:05:00.000Z'),
      scan('C', 'S1', '2024-04-01T08:20:00.000Z', '2024-04-01T08:40:00.000Z'),
      scan('D', null, '2024-03-01T00:00:00.000Z', '2024-03-01T00:01:00.000Z'),
    ]);
    expect(rows.map((row) => [row.key, row.scanCount])).toEqual([
      ['S2', 1],
      ['S1', 2],
      ['D', 1],
    ]);
    expect(rows[1]).toMatchObject({
      sessionId: 'S1',
      deviceId: 'LG-1001',
      capturedStart: '2024-04-01T08:20:00.000Z',
      capturedEnd: '2024-04-01T08:40:00.000Z',
      scanNames: ['Scan A', 'C'],
    });
    expect(rows[2]?.sessionId).toBeNull();
  });

  it('is empty for no scans', () => {
    expect(groupBySession([])).toEqual([]);
  });
});
