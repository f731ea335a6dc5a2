import { describe, expect, it } from 'vitest';
import {
  ambiguityLevelLabel,
  ambiguitySeries,
  auditSummary,
  evenIndexes,
  formatClockUtc,
  parseQcObject,
  timeSeries,
} from './qc-series.ts';

const TIMES = ['2005-04-02T00:00:30Z', '2005-04-02T00:00:31Z', '2005-04-02T00:00:32Z'];

describe('QC chart series', () => {
  it('accepts only objects of the expected kind with one value per time', () => {
    const amb = {
      kind: 'ambStatus',
      time: TIMES,
      q: [1, 2, 5],
      status: ['fix', 'float', 'single'],
    };
    expect(parseQcObject(amb, 'ambStatus')).toBe(amb);
    expect(parseQcObject(amb, 'numSats')).toBeNull();
    expect(parseQcObject({ ...amb, q: [1] }, 'ambStatus')).toBeNull();
    expect(parseQcObject({ kind: 'numSats', time: 'x', numSats: [] }, 'numSats')).toBeNull();
    expect(parseQcObject(null, 'numSats')).toBeNull();
    const separations = { kind: 'altitudeSeparations', time: TIMES, separation: [0.1, null, 0.2] };
    expect(parseQcObject(separations, 'altitudeSeparations')).toBe(separations);
    expect(parseQcObject({ kind: 'trajectoryAudit', epochs: 3 }, 'trajectoryAudit')).toEqual({
      kind: 'trajectoryAudit',
      epochs: 3,
    });
  });

  it('thins long series evenly, keeping both ends', () => {
    expect(evenIndexes(3, 10)).toEqual([0, 1, 2]);
    const thinned = evenIndexes(10_001, 5);
    expect(thinned).toEqual([0, 2500, 5000, 7500, 10_000]);
    expect(timeSeries(Array(5000).fill(TIMES[0]), Array(5000).fill(1)).time).toHaveLength(1500);
  });

  it('turns values against time into chart data with gaps for missing values', () => {
    const series = timeSeries([...TIMES, 'bad time'], [0.25, null, 'x', 4]);
    expect(series.time.map((t) => t.toISOString())).toEqual([
      '2005-04-02T00:00:30.000Z',
      '2005-04-02T00:00:31.000Z',
      '2005-04-02T00:00:32.000Z',
    ]);
    expect(series.values).toEqual([0.25, null, null]);
  });

  it('puts each epoch at the level of its ambiguity state', () => {
    const series = ambiguitySeries({
      kind: 'ambStatus',
      time: [...TIMES, '2005-04-02T00:00:33Z'],
      q: [1, 2, 5, 4],
      status: ['fix', 'float', 'single', 'dgps'],
    });
    const at = (i: number) => Date.parse(TIMES[i] ?? '');
    expect(series.fix).toEqual([{ id: 0, x: at(0), y: 3 }]);
    expect(series.float).toEqual([{ id: 1, x: at(1), y: 2 }]);
    expect(series.single).toEqual([{ id: 2, x: at(2), y: 1 }]);
    expect([3, 2, 1, 1.5].map(ambiguityLevelLabel)).toEqual(['Fix', 'Float', 'Single', '']);
    expect(formatClockUtc(at(1))).toBe('00:00:31');
  });

  it('summarises the audit with the outcome last', () => {
    const audit = {
      kind: 'trajectoryAudit' as const,
      epochs: 240,
      fixed: 230,
      fixedPercent: 95.83,
      floatPercent: 4.17,
      rmsAltitudeSeparation: 0.2512,
      rmsDistanceSeparation: 0.3606,
      baselineKm: 0.834,
      passed: true,
      reason: null,
    };
    expect(auditSummary(audit)).toEqual([
      { label: 'Epochs', value: '240' },
      { label: 'Fixed', value: '95.8 %' },
      { label: 'Float', value: '4.2 %' },
      { label: 'RMS altitude separation', value: '0.251 m' },
      { label: 'RMS horizontal separation', value: '0.361 m' },
      { label: 'Baseline', value: '0.83 km' },
      { label: 'Result', value: 'Passed' },
    ]);
    const failed = auditSummary({
      kind: 'trajectoryAudit',
      epochs: 3,
      passed: false,
      reason: 'Only 40.0 % of epochs are fixed',
    });
    expect(failed).toEqual([
      { label: 'Epochs', value: '3' },
      { label: 'Result', value: 'Not passed: Only 40.0 % of epochs are fixed' },
    ]);
  });
});
