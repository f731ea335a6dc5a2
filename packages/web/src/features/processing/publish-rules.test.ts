import { describe, expect, it } from 'vitest';
import { publishedVersionNote, publishScanInputs, publishSubtitle } from './publish-rules.ts';

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

describe('the published version', () => {
  it('is named for the focused scan, and said to be the default one in bulk', () => {
    expect(publishedVersionNote(false, 'ppk-run-1')).toBe(
      'Publishes version ppk-run-1, the one shown in the viewer.',
    );
    const each = "Publishes each scan's default version, the one the viewer shows for it.";
    expect(publishedVersionNote(true, null)).toBe(each);
    expect(publishedVersionNote(false, null)).toBe(each);
  });
});
