import { EMPTY_TAG } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { filterOptionsOf } from './filter-options.ts';

describe('filter options', () => {
  it('offers the distinct types, devices, tags and capture days of the scans', () => {
    const options = filterOptionsOf([
      {
        id: 'a',
        type: 'Mobile',
        deviceId: 'LG-2',
        tags: ['Bridge'],
        capturedTimestamp: '2024-05-01T10:00:00Z',
      },
      {
        id: 'b',
        type: 'Mobile',
        deviceId: 'LG-1',
        tags: [],
        capturedTimestamp: '2024-05-01T23:59:00Z',
      },
      {
        id: 'c',
        type: null,
        deviceId: null,
        tags: ['QA - OK'],
        capturedTimestamp: '2024-05-03T00:00:00Z',
      },
      { id: 'd', capturedTimestamp: null },
    ]);
    expect(options.types).toEqual(['Mobile']);
    expect(options.devices).toEqual(['LG-1', 'LG-2']);
    expect(options.tags).toEqual([EMPTY_TAG, 'Bridge', 'QA - Issue/Poor', 'QA - OK']);
    expect([...options.scanCountByDay]).toEqual([
      ['2024-05-01', 2],
      ['2024-05-03', 1],
    ]);
  });
});
