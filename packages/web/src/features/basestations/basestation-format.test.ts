import { describe, expect, it } from 'vitest';
import {
  basestationDeletionMessage,
  basestationFacts,
  formatLocation,
} from './basestation-format.ts';

describe('base-station formatting', () => {
  it('writes the location as lat, lon with the marker name', () => {
    expect(formatLocation({ coordinates: [139.6138372528, 35.1608750388] }, '3040')).toBe(
      '35.160875, 139.613837 (3040)',
    );
    expect(formatLocation({ coordinates: [1, 2] }, null)).toBe('2.000000, 1.000000');
    expect(formatLocation(null, '3040')).toBe('');
  });

  it('lists the header facts, blank where the header has not been read', () => {
    expect(
      basestationFacts({
        markerName: '3040',
        rinexVersion: '2.10',
        files: [
          { name: '30400920.05o', kind: 'observation', rinexVersion: '2.10', size: 74854 },
          { name: '30400920.05n', kind: 'navigation', rinexVersion: '2.10', size: 96480 },
        ],
        interval: 30,
        antennaHeight: 0.0714,
        point: { coordinates: [139.6, 35.1] },
        height: 70.15,
      }),
    ).toEqual([
      { label: 'Marker', value: '3040' },
      { label: 'RINEX version', value: '2.10' },
      {
        label: 'Files',
        value:
          '30400920.05o (observation, RINEX 2.10, 73.1 KB); 30400920.05n (navigation, RINEX 2.10, 94.2 KB)',
      },
      { label: 'Interval', value: '30.0 s' },
      { label: 'Antenna height', value: '0.071 m' },
      { label: 'Position', value: '35.100000, 139.600000, 70.150 m' },
    ]);
    expect(basestationFacts({}).map((fact) => fact.value)).toEqual(['', '', '', '', '', '']);
  });

  it('asks the spec question, and says what becomes of the runs that used the file', () => {
    expect(basestationDeletionMessage('a.zip', 0)).toBe(
      "Are you sure you want to delete basestation file 'a.zip'?",
    );
    expect(basestationDeletionMessage('a.zip', 1)).toBe(
      "Are you sure you want to delete basestation file 'a.zip'? 1 processing run used it: it stays listed with its results, which name it by its id.",
    );
    expect(basestationDeletionMessage('a.zip', 2)).toMatch(/2 processing runs used it: they stay/);
  });
});
