import { describe, expect, it } from 'vitest';
import { publishScanInputs, publishSubtitle } from './publish-rules.ts';

describe('the publish subtitle', () => {
  it('counts scans in bulk, one of them too, and names the focused scan', () => {
    const one = { id: 'LG1_01', sessionId: 'LG1' };
    expect(publishSubtitle([one], false)).toBe('LG1_01');
    expect(publishSubtitle([one], true)).toBe('Publish 1 scans');
    expect(publishSubtitle([one, { id: 'LG1_02', sessionId: null }], true)).toBe('Publish 2 scans');
  });
});

it('pairs each scan with its session', () => {
  expect(publishScanInputs([{ id: 'x', sessionId: null }])).toEqual([
    { scanId: 'x', sessionId: null },
  ]);
});
