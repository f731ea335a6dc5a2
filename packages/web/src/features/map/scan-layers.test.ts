import { describe, expect, it } from 'vitest';
import type { ScanFeatureCollection } from './scan-features.ts';
import { ScanPaths, type ScanPathsTarget, type ScanState, scanLayers } from './scan-layers.ts';
import type { MapScan } from './types.ts';

function fakeMap() {
  const calls = {
    setData: [] as ScanFeatureCollection[],
    states: [] as [string, ScanState][],
  };
  const target: ScanPathsTarget = {
    setData: (collection) => calls.setData.push(collection),
    setFeatureState: (id, state) => calls.states.push([id, state]),
  };
  return { calls, target };
}

function manyScans(count: number): MapScan[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `SCAN-${i}`,
    status: (['Final', 'Provisional', 'Exception'] as const)[i % 3] ?? 'Final',
    path: Array.from({ length: 50 }, (_, v): [number, number] => [
      -114 + i * 0.001 + v * 0.0001,
      51 + v * 0.0001,
    ]),
  }));
}

describe('scan paths on the map', () => {
  it('sends the data only when the drawn scans change, and keeps the selection state', () => {
    const { calls, target } = fakeMap();
    const paths = new ScanPaths(target);
    const scans = manyScans(5);
    expect(paths.setScans(scans)).toBe('rebuilt');
    expect(calls.setData[0]?.features).toHaveLength(5);
    expect(paths.setScans([...scans])).toBe('unchanged');
    expect(calls.setData).toHaveLength(1);

    paths.setSelected(new Set(['SCAN-1']));
    calls.states.length = 0;
    expect(paths.setScans(scans.slice(0, 2))).toBe('rebuilt');
    expect(calls.setData.at(-1)?.features).toHaveLength(2);
    expect(paths.isVisible('SCAN-3')).toBe(false);
    expect(paths.isVisible('SCAN-1')).toBe(true);
    expect(calls.states).toEqual([['SCAN-1', { selected: true }]]);
  });

  it('marks selection, focus and hover as feature state changes only', () => {
    const { calls, target } = fakeMap();
    const paths = new ScanPaths(target);
    paths.setScans(manyScans(4));
    paths.setSelected(new Set(['SCAN-0', 'SCAN-1']));
    paths.setSelected(new Set(['SCAN-1', 'SCAN-2']));
    paths.setFocused('SCAN-1');
    paths.setFocused('SCAN-2');
    paths.setHovered('SCAN-3');
    expect(calls.states).toEqual([
      ['SCAN-0', { selected: true }],
      ['SCAN-1', { selected: true }],
      ['SCAN-2', { selected: true }],
      ['SCAN-0', { selected: false }],
      ['SCAN-1', { focused: true }],
      ['SCAN-1', { focused: false }],
      ['SCAN-2', { focused: true }],
      ['SCAN-3', { hover: true }],
    ]);
    expect(calls.setData).toHaveLength(1);
  });

  it('draws status colours, widths by state and a wide invisible hit line', () => {
    const layers = scanLayers();
    expect(layers.map((l) => l.id)).toEqual(['scan-paths-casing', 'scan-paths', 'scan-paths-hit']);
    const lines = JSON.stringify(layers[1]);
    for (const status of ['Final', 'Provisional']) expect(lines).toContain(status);
    expect(lines).toContain('feature-state');
  });
});
