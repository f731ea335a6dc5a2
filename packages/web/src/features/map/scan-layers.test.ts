import { describe, expect, it } from 'vitest';
import {
  type HighlightCollection,
  highlightLayers,
  ScanPaths,
  type ScanPathsTarget,
  type ShownScans,
} from './scan-layers.ts';
import { type ScanPathGeometry, toMercator } from './scan-path-geometry.ts';
import { flatPath, type MapScan } from './types.ts';

function fakeMap() {
  const calls = {
    geometries: [] as { geometry: ScanPathGeometry; shown: ShownScans }[],
    shown: [] as ShownScans[],
    highlights: [] as HighlightCollection[],
  };
  const target: ScanPathsTarget = {
    setGeometry: (geometry, shown) => calls.geometries.push({ geometry, shown }),
    setShown: (shown) => calls.shown.push(shown),
    setHighlights: (collection) => calls.highlights.push(collection),
  };
  return { calls, target };
}

function manyScans(count: number, offset = 0): MapScan[] {
  return Array.from({ length: count }, (_, n) => {
    const i = n + offset;
    return {
      id: `SCAN-${i}`,
      status: (['Final', 'Provisional', 'Exception'] as const)[i % 3] ?? 'Final',
      path: flatPath(
        Array.from({ length: 50 }, (_, v): [number, number] => [
          -114 + i * 0.001 + v * 0.0001,
          51 + v * 0.0001,
        ]),
      ),
    };
  });
}

/** Shown segments at full detail, as the layer would list them. */
function shownSegments(geometry: ScanPathGeometry | undefined, shown: ShownScans | undefined) {
  if (!geometry || !shown) return 0;
  return geometry.shownSegments(geometry.levelCount - 1, shown).segments.length;
}

const highlighted = (collection: HighlightCollection | undefined) =>
  collection?.features.map((f) => [f.properties.scanId, f.properties.state]);

describe('scan paths on the map', () => {
  it('compares a scan given again as a new, equal object by its path once, then by identity', () => {
    const { calls, target } = fakeMap();
    const paths = new ScanPaths(target);
    const scans = manyScans(3);
    paths.setScans(scans);
    // A new summary version: the same scans as new objects, whose vertices are counted as read.
    let reads = 0;
    const again = scans.map((scan) => ({
      ...scan,
      path: new Proxy(scan.path ?? new Float64Array(0), {
        get(path, key) {
          if (typeof key === 'string' && /^[0-9]+$/.test(key)) reads++;
          // The typed array itself as `this`: its getters refuse a proxy.
          return Reflect.get(path, key);
        },
      }),
    }));
    expect(paths.setScans(again)).toBe('unchanged');
    expect(reads).toBeGreaterThan(0);
    expect(calls.geometries).toHaveLength(1);
    // Filter changes over those objects read no vertex again.
    reads = 0;
    expect(paths.setScans(again.slice(0, 1))).toBe('filtered');
    expect(paths.setScans([...again])).toBe('filtered');
    expect(reads).toBe(0);
    expect(calls.geometries).toHaveLength(1);
    // A changed path is still noticed.
    const moved = { ...again[1]!, path: flatPath([[-100, 40]]) };
    expect(paths.setScans([again[0]!, moved, again[2]!])).toBe('rebuilt');
  });

  it('sends the paths once, then only which are shown when the filter narrows or widens', () => {
    const { calls, target } = fakeMap();
    const paths = new ScanPaths(target);
    const scans = manyScans(5);
    expect(paths.setScans(scans)).toBe('rebuilt');
    expect(calls.geometries).toHaveLength(1);
    const geometry = calls.geometries[0]?.geometry;
    expect(shownSegments(geometry, calls.geometries[0]?.shown)).toBe(5 * 49);
    expect(paths.setScans([...scans])).toBe('unchanged');

    expect(paths.setScans(scans.slice(0, 2))).toBe('filtered');
    expect(shownSegments(geometry, calls.shown.at(-1))).toBe(2 * 49);
    expect(paths.isVisible('SCAN-3')).toBe(false);
    expect(paths.isVisible('SCAN-1')).toBe(true);
    expect(paths.setScans(scans)).toBe('filtered');
    expect(shownSegments(geometry, calls.shown.at(-1))).toBe(5 * 49);
    expect(calls.geometries).toHaveLength(1);
  });

  it('sends new paths for a changed scan, keeping the others; another project starts afresh', () => {
    const { calls, target } = fakeMap();
    const paths = new ScanPaths(target);
    const scans = manyScans(4);
    paths.setScans(scans);
    const changed = { ...scans[1], status: 'Final' } as MapScan;
    expect(paths.setScans([changed])).toBe('rebuilt');
    expect(calls.geometries.at(-1)?.geometry.scans.size).toBe(4);
    expect(calls.geometries.at(-1)?.geometry.scans.get('SCAN-1')?.status).toBe('Final');
    // Widening again needs no new paths.
    expect(paths.setScans([scans[0] as MapScan, changed, ...scans.slice(2)])).toBe('filtered');

    expect(paths.setScans(manyScans(3, 100))).toBe('rebuilt');
    expect([...(calls.geometries.at(-1)?.geometry.scans.keys() ?? [])]).toEqual([
      'SCAN-100',
      'SCAN-101',
      'SCAN-102',
    ]);
  });

  it('highlights hovered, selected and focused shown scans, focus winning, and sends only changes', () => {
    const { calls, target } = fakeMap();
    const paths = new ScanPaths(target);
    paths.setScans(manyScans(4));
    calls.highlights.length = 0;
    paths.setSelected(new Set(['SCAN-0', 'SCAN-1']));
    paths.setFocused('SCAN-1');
    paths.setHovered('SCAN-3');
    expect(highlighted(calls.highlights.at(-1))).toEqual([
      ['SCAN-3', 'hover'],
      ['SCAN-0', 'selected'],
      ['SCAN-1', 'focused'],
    ]);
    const sent = calls.highlights.length;
    paths.setSelected(new Set(['SCAN-0', 'SCAN-1']));
    expect(calls.highlights).toHaveLength(sent);

    // A hovered scan filtered out is no longer hovered; selected ones stay in the list.
    paths.setScans(manyScans(2));
    expect(paths.hoveredId).toBeNull();
    expect(highlighted(calls.highlights.at(-1))).toEqual([
      ['SCAN-0', 'selected'],
      ['SCAN-1', 'focused'],
    ]);
    expect(calls.highlights.at(-1)?.features[0]?.properties.status).toBe('Final');
  });

  it('finds the shown scan under the pointer, not a hidden one', () => {
    const { target } = fakeMap();
    const paths = new ScanPaths(target);
    const scans = manyScans(3);
    paths.setScans(scans);
    // A Mercator point on SCAN-1's path, and a tolerance of about a metre.
    const path = scans[1]?.path ?? new Float64Array(22);
    const [lon, lat] = [path[20] ?? 0, path[21] ?? 0];
    const [x, y] = toMercator(lon, lat);
    const metre = 1 / 40_075_016 / Math.cos((lat * Math.PI) / 180);
    expect(paths.scanNear([x, y], metre)).toBe('SCAN-1');
    expect(paths.scanNear([x + 30 * metre, y], metre)).toBeNull();
    paths.setScans([scans[0] as MapScan, scans[2] as MapScan]);
    expect(paths.scanNear([x, y], metre)).toBeNull();
  });

  it("bounds the asked scans' paths, and all shown ones for a scan without a path", () => {
    const { target } = fakeMap();
    const paths = new ScanPaths(target);
    const scans = manyScans(3);
    const failedImport: MapScan = { id: 'imp-failed', status: 'Exception', path: flatPath([]) };
    paths.setScans([...scans, failedImport]);
    const one = paths.bounds(['SCAN-1']);
    expect(one?.[0][0]).toBeCloseTo(-114 + 0.001, 6);
    expect(paths.bounds(['imp-failed'])).toBeNull();
    const all = paths.shownBounds();
    expect(all?.[0][0]).toBeCloseTo(-114, 6);
    expect(all?.[1][0]).toBeCloseTo(-114 + 0.002 + 49 * 0.0001, 6);
    paths.setScans([failedImport]);
    expect(paths.shownBounds()).toBeNull();
  });

  it('draws highlights in status colours with widths and casing by state', () => {
    const layers = highlightLayers();
    expect(layers.map((l) => l.id)).toEqual(['scan-highlights-casing', 'scan-highlights']);
    const lines = JSON.stringify(layers[1]);
    for (const status of ['Final', 'Provisional']) expect(lines).toContain(status);
    expect(JSON.stringify(layers[0])).toContain('#0d47a1');
  });
});
