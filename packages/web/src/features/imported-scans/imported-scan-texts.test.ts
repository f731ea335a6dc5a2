import { describe, expect, it } from 'vitest';
import { utmZoneWarning } from './imported-scan-texts.ts';

describe('utmZoneWarning', () => {
  it("warns when the scan's zone is not the project's", () => {
    expect(utmZoneWarning('10N', '31N')).toBe(
      "The project's UTM zone is 31N. Check the zone: this scan will be placed in zone 10N.",
    );
    expect(utmZoneWarning('31S', '{"utm":"31N"}')).toContain('zone 31S');
  });

  it('says nothing when the zones agree, however written', () => {
    expect(utmZoneWarning(' 09n ', '9N')).toBeNull();
    expect(utmZoneWarning('31N', { utm: '31n' })).toBeNull();
  });

  it('says nothing while the zone is incomplete or the project has none', () => {
    expect(utmZoneWarning('3', '31N')).toBeNull();
    expect(utmZoneWarning('61N', '31N')).toBeNull();
    expect(utmZoneWarning('10N', null)).toBeNull();
    expect(utmZoneWarning('10N', '')).toBeNull();
  });
});
