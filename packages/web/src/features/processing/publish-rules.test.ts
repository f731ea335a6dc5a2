import { PUBLISH_FOLDER_INVALID, VALUE_REQUIRED } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { publishScanInputs, publishSubtitle, validatePublishFolder } from './publish-rules.ts';

describe('the publish folder', () => {
  it('is required', () => {
    expect(validatePublishFolder('')).toBe(VALUE_REQUIRED);
    expect(validatePublishFolder('  ')).toBe(VALUE_REQUIRED);
    expect(validatePublishFolder(undefined)).toBe(VALUE_REQUIRED);
  });

  it('is a relative path without .. (the rule the server applies)', () => {
    expect(validatePublishFolder('deliveries/2024-04')).toBeNull();
    expect(validatePublishFolder('/deliveries/')).toBeNull();
    expect(validatePublishFolder('a/../b')).toBe(PUBLISH_FOLDER_INVALID);
    expect(validatePublishFolder('..')).toBe(PUBLISH_FOLDER_INVALID);
    expect(validatePublishFolder('a\\b')).toBe(PUBLISH_FOLDER_INVALID);
  });
});

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
