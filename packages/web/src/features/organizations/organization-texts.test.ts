import { describe, expect, it } from 'vitest';
import { devicesHelperText } from './organization-texts.ts';

describe('the devices helper text', () => {
  it('says which devices leave on Save and that their periods end', () => {
    expect(devicesHelperText([])).toBe(
      'A device belongs to at most one organization: only free devices are offered.',
    );
    expect(devicesHelperText(['LG-1002'])).toBe(
      'LG-1002 leaves the organization on Save: its assignment periods in its projects end then.',
    );
    expect(devicesHelperText(['LG-1001', 'LG-1002'])).toBe(
      'LG-1001, LG-1002 leave the organization on Save: their assignment periods in its projects end then.',
    );
  });
});
