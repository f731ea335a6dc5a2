import { describe, expect, it } from 'vitest';
import { SCAN_LINK_PARAM, scanLink } from './scan-link.ts';

describe('scan links', () => {
  it('puts the scan id in the query of a viewer route', () => {
    expect(scanLink('SC-1')).toBe('/?scan=SC-1');
    expect(scanLink('a b&c', '/full-viewer')).toBe('/full-viewer?scan=a+b%26c');
    expect(new URLSearchParams(scanLink('a b&c').slice(2)).get(SCAN_LINK_PARAM)).toBe('a b&c');
  });
});
