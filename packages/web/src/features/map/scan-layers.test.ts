import type { FilterSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import type { ScanFeatureCollection } from './scan-features.ts';
import {
  ScanPaths,
  type ScanPathsTarget,
  type ScanState,
  scanLayers,
  visibilityFilter,
} from './scan-layers.ts';
import type { MapScan } from './types.ts';

function fakeMap() {
  const calls = {
    setData: [] as ScanFeatureCollection[],
    filters: [] as (FilterSpecification | null)[],
    states: [] as [string, ScanState][],
  };
  const target: ScanPathsTarget = {
    setData: (collection) => calls.setData.push(collection),
    setFilter: (filter) => calls.filters.push(filter),
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
  it('sends the data once and turns a filter change into a layer filter', () => {
    const { calls, target } = fakeMap();
    const paths = new ScanPaths(target);
    const scans = manyScans(5);
    expect(paths.setScans(scans)).toBe('rebuilt');
    expect(calls.setData).toHaveLength(1);
    expect(calls.setData[0]?.features).toHaveLength(5);
    expect(calls.filters).toEqual([]);

    expect(paths.setScans(scans.slice(0, 2))).toBe('filter');
    expect(calls.setData).toHaveLength(1);
    expect(calls.filters.at(-1)).toEqual([
      'match',
      ['get', 'scanId'],
      ['SCAN-0', 'SCAN-1'],
      true,
      false,
    ]);
    expect(paths.isVisible('SCAN-3')).toBe(false);

    paths.setScans(scans.slice(0, 4));
    expect(calls.filters.at(-1)).toEqual(['match', ['get', 'scanId'], ['SCAN-4'], false, true]);
    paths.setScans(scans);
    expect(calls.filters.at(-1)).toBeNull();
    const count = calls.filters.length;
    paths.setScans(scans);
    expect(calls.filters).toHaveLength(count);
    expect(calls.states).toEqual([]);
  });

  it('hides everything for an empty list and shows every scan again after a rebuild', () => {
    const { calls, target } = fakeMap();
    const paths = new ScanPaths(target);
    const scans = manyScans(3);
    paths.setScans(scans);
    paths.setScans([]);
    expect(calls.filters.at(-1)).toEqual(['boolean', false]);
    const extra: MapScan = {
      id: 'NEW',
      status: 'Final',
      path: [
        [0, 0],
        [1, 1],
      ],
    };
    expect(paths.setScans([scans[0] as MapScan, extra])).toBe('rebuilt');
    expect(calls.setData.at(-1)?.features).toHaveLength(2);
    expect(calls.filters.at(-1)).toBeNull();
  });

  it('lists the shorter side in the visibility filter', () => {
    const known = ['a', 'b', 'c', 'd'];
    expect(visibilityFilter(known, new Set(known))).toBeNull();
    expect(visibilityFilter(known, new Set(['a']))).toEqual([
      'match',
      ['get', 'scanId'],
      ['a'],
      true,
      false,
    ]);
    expect(visibilityFilter(known, new Set(['a', 'b', 'c']))).toEqual([
      'match',
      ['get', 'scanId'],
      ['d'],
      false,
      true,
    ]);
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

  it('handles a filter change over 10,000 scans in well under 50 ms', () => {
    const { target } = fakeMap();
    const paths = new ScanPaths(target);
    const scans = manyScans(10_000);
    paths.setScans(scans);
    const filtered = scans.filter((_, i) => i % 7 === 0);
    const rounds: number[] = [];
    // The first round includes compiling the code paths; the median of later ones is the cost.
    for (let round = 0; round < 6; round++) {
      const started = performance.now();
      paths.setScans(filtered);
      paths.setSelected(new Set(filtered.slice(0, 40).map((s) => s.id)));
      paths.setScans(scans);
      paths.setSelected(new Set());
      rounds.push(performance.now() - started);
    }
    const later = rounds.slice(1).sort((a, b) => a - b);
    expect(later[2]).toBeLessThan(50);
  });

  it('draws status colours, widths by state and a wide invisible hit line', () => {
    const layers = scanLayers();
    expect(layers.map((l) => l.id)).toEqual(['scan-paths-casing', 'scan-paths', 'scan-paths-hit']);
    const lines = JSON.stringify(layers[1]);
    for (const status of ['Final', 'Provisional']) expect(lines).toContain(status);
    expect(lines).toContain('feature-state');
  });
});
