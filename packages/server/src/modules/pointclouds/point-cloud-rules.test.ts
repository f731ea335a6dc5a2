import { describe, expect, it } from 'vitest';
import { lodProgressMessage } from './point-cloud-rules.ts';

describe('level-of-detail progress message', () => {
  it('names the scan and the points done of the total, reading then building', () => {
    expect(
      lodProgressMessage('S-1', { phase: 'reading', points: 50_000_000, total: 200_000_000 }),
    ).toBe('Building the level of detail of scan S-1: read 50,000,000 of 200,000,000 points');
    expect(
      lodProgressMessage('S-1', { phase: 'building', points: 120_000_000, total: 200_000_000 }),
    ).toBe(
      'Building the level of detail of scan S-1: 120,000,000 of 200,000,000 points placed in the octree',
    );
  });
});
