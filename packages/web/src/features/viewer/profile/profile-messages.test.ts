import { describe, expect, it } from 'vitest';
import { profileSummary } from './profile-messages.ts';

describe("the profile's summary", () => {
  it('counts its points, one in the singular', () => {
    expect(profileSummary(923, 1)).toBe('Length 923.0 m · 1 point');
    expect(profileSummary(12.345, 2_500)).toBe('Length 12.3 m · 2,500 points');
  });
});
