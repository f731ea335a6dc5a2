import { describe, expect, it } from 'vitest';
import {
  clampScanFilter,
  dateFilterLabel,
  datesWithScans,
  EMPTY_TAG,
  emptyScanFilter,
  type FilterableScan,
  filterScans,
  isFilterActive,
  type ScanFilter,
  tagFilterOptions,
  utcDay,
} from './scan-filter.ts';

const pointcloud = (status: string) => [{ artifactType: 'pointcloud', status }];

const scans: FilterableScan[] = [
  {
    id: 'SCAN-001',
    friendlyName: 'North ditch',
    sessionId: 'SESSION-A',
    type: 'lidar',
    deviceId: 'DEV-1',
    comment: 'Bridge Crossing',
    tags: ['QA - OK'],
    capturedTimestamp: '2024-05-01T10:00:00Z',
    artifacts: pointcloud('final'),
  },
  {
    id: 'SCAN-002',
    sessionId: 'SESSION-A',
    type: 'lidar',
    deviceId: 'DEV-2',
    comment: null,
    tags: [],
    capturedTimestamp: '2024-05-02T23:59:59Z',
    artifacts: pointcloud('provisional'),
  },
  {
    id: 'SCAN-003',
    sessionId: 'SESSION-B',
    type: 'imported',
    deviceId: 'DEV-1',
    comment: 'river',
    tags: ['QA - Issue/Poor'],
    capturedTimestamp: Date.parse('2024-05-04T00:00:00Z'),
    artifacts: [],
  },
];

const filter = (overrides: Partial<ScanFilter>): ScanFilter => ({
  ...emptyScanFilter(),
  ...overrides,
});
const ids = (result: { scans: FilterableScan[] }) => result.scans.map((s) => s.id);

describe('filterScans', () => {
  it('returns every scan for an empty filter', () => {
    expect(isFilterActive(emptyScanFilter())).toBe(false);
    const result = filterScans(scans, emptyScanFilter());
    expect(ids(result)).toEqual(['SCAN-001', 'SCAN-002', 'SCAN-003']);
    expect(result.noresults).toBe(false);
  });

  it('matches substrings case-insensitively on session, scan id and comment', () => {
    expect(ids(filterScans(scans, filter({ sessionId: 'session-a' })))).toEqual([
      'SCAN-001',
      'SCAN-002',
    ]);
    expect(ids(filterScans(scans, filter({ scanId: '03' })))).toEqual(['SCAN-003']);
    expect(ids(filterScans(scans, filter({ scanId: 'north' })))).toEqual(['SCAN-001']);
    expect(ids(filterScans(scans, filter({ comment: 'BRIDGE' })))).toEqual(['SCAN-001']);
  });

  it('matches device and type exactly', () => {
    expect(ids(filterScans(scans, filter({ deviceId: 'DEV-1' })))).toEqual([
      'SCAN-001',
      'SCAN-003',
    ]);
    expect(ids(filterScans(scans, filter({ deviceId: 'DEV' })))).toEqual([]);
    expect(ids(filterScans(scans, filter({ type: 'imported' })))).toEqual(['SCAN-003']);
  });

  it('filters by status', () => {
    expect(ids(filterScans(scans, filter({ status: 'Final' })))).toEqual(['SCAN-001']);
    expect(ids(filterScans(scans, filter({ status: 'Provisional' })))).toEqual(['SCAN-002']);
    expect(ids(filterScans(scans, filter({ status: '(ALL)' })))).toHaveLength(3);
  });

  it('matches any tag, with (Empty) for untagged scans', () => {
    expect(ids(filterScans(scans, filter({ tags: [EMPTY_TAG] })))).toEqual(['SCAN-002']);
    expect(ids(filterScans(scans, filter({ tags: ['QA - OK', 'QA - Issue/Poor'] })))).toEqual([
      'SCAN-001',
      'SCAN-003',
    ]);
  });

  it('filters by one UTC day or an inclusive range', () => {
    expect(ids(filterScans(scans, filter({ dates: ['2024-05-02'] })))).toEqual(['SCAN-002']);
    expect(ids(filterScans(scans, filter({ dates: ['2024-05-04', '2024-05-01'] })))).toEqual([
      'SCAN-001',
      'SCAN-002',
      'SCAN-003',
    ]);
    expect(ids(filterScans(scans, filter({ dates: ['2024-05-03'] })))).toEqual([]);
  });

  it('keeps selected scans and marks empty results', () => {
    const result = filterScans(scans, filter({ comment: 'nothing matches' }), ['SCAN-002']);
    expect(ids(result)).toEqual(['SCAN-002']);
    expect(result.noresults).toBe(false);
    expect(filterScans(scans, filter({ comment: 'nothing matches' })).noresults).toBe(true);
  });

  it('filters to selected or annotated scans', () => {
    expect(ids(filterScans(scans, filter({ onlySelected: true }), ['SCAN-003']))).toEqual([
      'SCAN-003',
    ]);
    expect(ids(filterScans(scans, filter({ onlyAnnotated: true }), [], ['SCAN-001']))).toEqual([
      'SCAN-001',
    ]);
  });

  it('filters 10,000 scans correctly', () => {
    const many: FilterableScan[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: `SCAN-${String(i).padStart(5, '0')}`,
      sessionId: `SESSION-${i % 100}`,
      type: i % 2 === 0 ? 'lidar' : 'imported',
      deviceId: `DEV-${i % 7}`,
      comment: i % 10 === 0 ? `Culvert ${i}` : `road ${i}`,
      tags: i % 3 === 0 ? [] : [i % 3 === 1 ? 'QA - OK' : 'QA - Issue/Poor'],
      capturedTimestamp: Date.UTC(2024, 0, 1 + (i % 30), 12),
      artifacts: pointcloud(i % 4 === 0 ? 'final' : 'provisional'),
    }));
    const criteria = filter({
      comment: 'culvert',
      deviceId: 'DEV-3',
      status: 'Final',
      tags: ['QA - OK', EMPTY_TAG],
      dates: ['2024-01-01', '2024-01-15'],
    });
    const expected = many.filter((_, i) => {
      const day = (i % 30) + 1;
      return i % 10 === 0 && i % 7 === 3 && i % 4 === 0 && i % 3 !== 2 && day <= 15;
    });
    const selected = ['SCAN-00001'];
    const result = filterScans(many, criteria, selected);
    expect(result.scans).toEqual([many[1]!, ...expected].sort((a, b) => a.id.localeCompare(b.id)));
    // A second run reuses the precomputed index and gives the same answer.
    expect(filterScans(many, criteria, selected).scans).toEqual(result.scans);
    expect(expected.length).toBeGreaterThan(0);
  });
});

describe('dates and labels', () => {
  it('lists the UTC days with scans', () => {
    expect(datesWithScans(scans)).toEqual(['2024-05-01', '2024-05-02', '2024-05-04']);
    expect(utcDay('not a date')).toBeNull();
  });

  it('labels the date filter', () => {
    expect(dateFilterLabel([])).toBe('');
    expect(dateFilterLabel(['2024-05-01'])).toBe('on: 2024-05-01');
    expect(dateFilterLabel(['2024-05-04', '2024-05-01'])).toBe('from: 2024-05-01 to: 2024-05-04');
  });

  it('offers (Empty) first and clamps texts', () => {
    expect(tagFilterOptions(['QA - OK'])).toEqual(['(Empty)', 'QA - OK']);
    const clamped = clampScanFilter(
      filter({ sessionId: 'x'.repeat(40), scanId: 'y'.repeat(40), comment: 'z'.repeat(80) }),
    );
    expect(clamped.sessionId).toHaveLength(29);
    expect(clamped.scanId).toHaveLength(26);
    expect(clamped.comment).toHaveLength(60);
  });
});

describe('utcDay', () => {
  it('reads ISO strings, offsets, epoch milliseconds and dates', () => {
    expect(utcDay('2024-05-01T23:30:00Z')).toBe('2024-05-01');
    expect(utcDay('2024-05-01T23:30:00.123+00:00')).toBe('2024-05-01');
    expect(utcDay('2024-05-01T23:30:00-02:00')).toBe('2024-05-02');
    expect(utcDay(Date.UTC(2024, 4, 1, 23))).toBe('2024-05-01');
    expect(utcDay(new Date('2024-05-01T01:00:00Z'))).toBe('2024-05-01');
    expect(utcDay(null)).toBeNull();
  });
});
