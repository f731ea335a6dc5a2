import { describe, expect, it } from 'vitest';
import { publishScanInputs, publishSubtitle } from './publish-rules.ts';

describe('the publish subtitle', () => {
  it('counts scans in bulk and names a single scan', () => {
    const one = { id: 'LG1_01', sessionId: 'LG1' };
    expect(publishSubtitle([one])).toBe('LG1_01');
    expect(publishSubtitle([one, { id: 'LG1_02', sessionId: null }])).toBe('Publish 2 scans');
  });
});

it('pairs each scan with its session', () => {
  expect(publishScanInputs([{ id: 'x', sessionId: null }])).toEqual([
    { scanId: 'x', sessionId: null },
  ]);
});
