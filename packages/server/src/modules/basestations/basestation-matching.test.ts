import { describe, expect, it } from 'vitest';
import {
  comparePotentialMatches,
  coversWindow,
  evaluateMatch,
  isSessionsOwnReceiver,
  longestDistanceKm,
  sessionEndPoints,
} from './basestation-matching.ts';

const at = (time: string) => new Date(`2005-04-02T${time}Z`);
// Base 3040's observation window in UTC (GPS − 13 s in 2005) and its position.
const base = {
  start: new Date('2005-04-01T23:59:47Z'),
  end: at('00:59:16.996'),
  position: [139.62430213, 35.13206614] as const,
};
const near = [139.634, 35.16]; // about 3.2 km north-east
const far = [140.2, 35.5]; // about 67 km

describe('coversWindow', () => {
  it('accepts a session inside the window, and one reaching up to 60 s beyond either end', () => {
    expect(coversWindow(base, { start: at('00:00:30'), end: at('00:07:00') })).toBe(true);
    expect(coversWindow(base, { start: at('00:00:00'), end: at('00:10:00') })).toBe(true);
    expect(
      coversWindow(base, { start: new Date('2005-04-01T23:58:47Z'), end: at('01:00:16.996') }),
    ).toBe(true);
  });

  it('refuses a session reaching more than the margin beyond either end', () => {
    expect(
      coversWindow(base, { start: new Date('2005-04-01T23:58:46Z'), end: at('00:10:00') }),
    ).toBe(false);
    expect(coversWindow(base, { start: at('00:30:00'), end: at('01:00:17') })).toBe(false);
    expect(coversWindow(base, { start: at('00:30:00'), end: at('01:00:00') }, 0)).toBe(false);
  });
});

describe('longestDistanceKm', () => {
  it('is the distance to the farthest vertex of any path', () => {
    const km = longestDistanceKm(base.position, [[near], [base.position, far]]);
    expect(km).toBeCloseTo(longestDistanceKm(base.position, [[far]])!, 12);
    expect(km).toBeGreaterThan(60);
    expect(longestDistanceKm(base.position, [[near]])).toBeCloseTo(3.2, 0);
  });

  it('is null without vertices', () => {
    expect(longestDistanceKm(base.position, [])).toBeNull();
    expect(longestDistanceKm(base.position, [[], []])).toBeNull();
  });
});

describe('sessionEndPoints', () => {
  it('takes the first vertex of the first path and the last of the last non-empty path', () => {
    expect(
      sessionEndPoints([
        [],
        [
          [1, 2],
          [3, 4],
        ],
        [[5, 6, 99]],
        [],
      ]),
    ).toEqual({ startPoint: [1, 2], endPoint: [5, 6] });
    expect(sessionEndPoints([])).toEqual({ startPoint: null, endPoint: null });
  });
});

describe('evaluateMatch', () => {
  const session = { start: at('00:00:30'), end: at('00:07:00') };

  it('recommends a covered session within 50 km', () => {
    const match = evaluateMatch(base, { ...session, paths: [[near, base.position]] });
    expect(match?.recommended).toBe(true);
    expect(match?.distanceKm).toBeCloseTo(3.2, 0);
  });

  it('measures but does not recommend a covered session farther than 50 km', () => {
    const match = evaluateMatch(base, { ...session, paths: [[near], [far]] });
    expect(match).toMatchObject({ recommended: false });
    expect(match?.distanceKm).toBeGreaterThan(50);
    expect(
      evaluateMatch(base, { ...session, paths: [[far]] }, { maxDistanceKm: 100 })?.recommended,
    ).toBe(true);
  });

  it('leaves out a session outside the window or without any path', () => {
    expect(
      evaluateMatch(base, { start: at('00:30:00'), end: at('02:00:00'), paths: [[near]] }),
    ).toBeNull();
    expect(evaluateMatch(base, { ...session, paths: [] })).toBeNull();
  });
});

describe('comparePotentialMatches', () => {
  it('sorts recommended first, then by distance, then by id', () => {
    const rows = [
      { recommended: false, distance: 1, basestationId: 1 },
      { recommended: true, distance: 9, basestationId: 2 },
      { recommended: true, distance: 3, basestationId: 4 },
      { recommended: true, distance: 3, basestationId: 3 },
    ];
    expect(rows.sort(comparePotentialMatches).map((r) => r.basestationId)).toEqual([3, 4, 2, 1]);
  });
});

describe("a session's own receiver", () => {
  const observation = (sha256?: string) => ({ kind: 'observation', ...(sha256 ? { sha256 } : {}) });
  it('is a base whose observation file has the bytes of one of the session’s', () => {
    expect(isSessionsOwnReceiver([observation('a')], [observation('a')])).toBe(true);
    expect(isSessionsOwnReceiver([observation('a')], [observation('b')])).toBe(false);
  });

  it('is not told by navigation files or by files without a digest', () => {
    expect(isSessionsOwnReceiver([{ kind: 'navigation', sha256: 'a' }], [observation('a')])).toBe(
      false,
    );
    expect(isSessionsOwnReceiver([observation()], [observation()])).toBe(false);
    expect(isSessionsOwnReceiver([observation('a')], [])).toBe(false);
  });
});
