import { describe, expect, it } from 'vitest';
import {
  basestationMatchesSearch,
  basestationStatusColor,
  fixedPercentOf,
  formatDistanceKm,
  formatPeriod,
  formatPoint,
  formatUtc,
  isBasestationActive,
  isRunActive,
  newestRunsFirst,
  runStatusColor,
  runStatusCounts,
  sessionMatchesSearch,
} from './trajectory-format.ts';

describe('trajectory formatting', () => {
  it('shows times and periods in UTC to the second', () => {
    expect(formatUtc('2005-04-02T00:00:30.000Z')).toBe('2005-04-02 00:00:30');
    expect(formatUtc('2005-04-02T02:00:30+02:00')).toBe('2005-04-02 00:00:30');
    expect(formatUtc(null)).toBe('');
    expect(formatUtc('soon')).toBe('?');
    expect(formatPeriod('2005-04-02T00:00:30Z', '2005-04-02T00:59:30Z')).toBe(
      '2005-04-02 00:00:30 – 00:59:30',
    );
    expect(formatPeriod('2005-04-01T23:00:00Z', '2005-04-02T01:00:00Z')).toBe(
      '2005-04-01 23:00:00 – 2005-04-02 01:00:00',
    );
    expect(formatPeriod(null, undefined)).toBe('');
  });

  it('writes [lon, lat] positions as lat, lon and distances in km with 2 decimals', () => {
    expect(formatPoint([139.6138372528, 35.1608750388])).toBe('35.160875, 139.613837');
    expect(formatPoint([139.6, 35.1, 70])).toBe('35.100000, 139.600000');
    expect(formatPoint(null)).toBe('');
    expect(formatPoint([Number.NaN, 1])).toBe('?');
    expect(formatDistanceKm(0.4567)).toBe('0.46');
    expect(formatDistanceKm(12)).toBe('12.00');
    expect(formatDistanceKm('far')).toBe('?');
    expect(formatDistanceKm(Number.POSITIVE_INFINITY)).toBe('?');
  });

  it('colours run and base-station statuses and knows which are still being worked on', () => {
    expect(runStatusColor('Submitted')).toBe('default');
    expect(runStatusColor('In progress')).toBe('info');
    expect(runStatusColor('Completed')).toBe('success');
    expect(runStatusColor('Hung')).toBe('warning');
    expect(runStatusColor('Failed')).toBe('error');
    expect(runStatusColor('Odd')).toBe('default');
    expect(basestationStatusColor('Submitted')).toBe('default');
    expect(basestationStatusColor('Processing')).toBe('info');
    expect(basestationStatusColor('Ready')).toBe('success');
    expect(basestationStatusColor('Failed')).toBe('error');
    expect(['Submitted', 'In progress', 'Completed', 'Hung', 'Failed'].map(isRunActive)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(['Submitted', 'Processing', 'Ready', 'Failed'].map(isBasestationActive)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('counts runs per status in the order of the statuses', () => {
    const runs = ['Failed', 'Completed', 'Submitted', 'Completed', 'Weird'].map((status) => ({
      status,
    }));
    expect(runStatusCounts(runs)).toEqual([
      { status: 'Submitted', count: 1 },
      { status: 'Completed', count: 2 },
      { status: 'Failed', count: 1 },
      { status: 'Weird', count: 1 },
    ]);
    expect(runStatusCounts([])).toEqual([]);
  });

  it('reads the fixed share of a run and orders runs newest first', () => {
    expect(fixedPercentOf({ kind: 'trajectoryAudit', fixedPercent: 97.5 })).toBe(97.5);
    expect(fixedPercentOf(null)).toBeNull();
    expect(fixedPercentOf({ fixedPercent: 'lots' })).toBeNull();
    const runs = [
      { id: '1', submitted: '2026-01-01T00:00:00Z' },
      { id: '3', submitted: null },
      { id: '2', submitted: '2026-01-02T00:00:00Z' },
    ];
    expect(newestRunsFirst(runs).map((run) => run.id)).toEqual(['2', '1', '3']);
  });

  it('matches sessions by id text or by a base-station id they were matched to or run with', () => {
    const session = {
      sessionId: 'LG-1001_20050402_000030',
      trajectoryProcessingRuns: [{ basestationIds: [7] }],
    };
    expect(sessionMatchesSearch(session, '')).toBe(true);
    expect(sessionMatchesSearch(session, ' lg-1001 ')).toBe(true);
    expect(sessionMatchesSearch(session, '000030')).toBe(true);
    expect(sessionMatchesSearch(session, '7')).toBe(true);
    expect(sessionMatchesSearch(session, '8')).toBe(false);
    expect(sessionMatchesSearch(session, '8', new Set([session.sessionId]))).toBe(true);
    expect(sessionMatchesSearch(session, 'LG-2002')).toBe(false);
    // A base-station id that matched sessions shows only those (and the ones it processed).
    expect(sessionMatchesSearch(session, '1001')).toBe(true);
    expect(sessionMatchesSearch(session, '1001', new Set(['LG-3040_20050402_000017']))).toBe(false);
    expect(sessionMatchesSearch(session, '7', new Set(['LG-3040_20050402_000017']))).toBe(true);
  });

  it('matches base stations by exact id or by part of their file or marker name', () => {
    const basestation = { id: '12', filename: '30400920.zip', markerName: '3040' };
    expect(basestationMatchesSearch(basestation, '')).toBe(true);
    expect(basestationMatchesSearch(basestation, '12')).toBe(true);
    expect(basestationMatchesSearch(basestation, '1')).toBe(false);
    expect(basestationMatchesSearch(basestation, '3040')).toBe(true);
    expect(basestationMatchesSearch(basestation, 'ZIP')).toBe(true);
    expect(basestationMatchesSearch({ ...basestation, markerName: null }, 'x')).toBe(false);
  });
});
