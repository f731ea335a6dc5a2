import { describe, expect, it } from 'vitest';
import { formatLocalTime, localUtcOffset } from './local-time.ts';

describe('formatLocalTime', () => {
  it('shows timestamps in local time and nothing for missing or unreadable ones', () => {
    const local = new Date(2024, 4, 1, 9, 5, 7);
    expect(formatLocalTime(local.toISOString())).toBe('2024-05-01 09:05:07');
    expect(formatLocalTime(null)).toBe('');
    expect(formatLocalTime(undefined)).toBe('');
    expect(formatLocalTime('nonsense')).toBe('');
  });
});

describe('localUtcOffset', () => {
  // A date whose offset the test sets, whatever zone the machine is in.
  const at = (minutesWest: number) => ({ getTimezoneOffset: () => minutesWest }) as Date;

  it('writes the offset east of UTC with its sign, hours and minutes', () => {
    expect(localUtcOffset(at(300))).toBe('UTC−05:00');
    expect(localUtcOffset(at(-60))).toBe('UTC+01:00');
    expect(localUtcOffset(at(-330))).toBe('UTC+05:30');
    expect(localUtcOffset(at(0))).toBe('UTC+00:00');
  });
});
