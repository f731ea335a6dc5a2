import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLasFileHeader } from '../../../../lib/las/las-header.ts';
import { pointRecordChunks } from '../../../../lib/las/las-reader.ts';
import { classifyGround, cutNet, returnKind, smrfStage } from './smrf.ts';
import {
  optionErrors,
  pointsOf,
  runStage,
  type SyntheticPoint,
  syntheticChunk,
} from './synthetic-points.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ??
    path.join(import.meta.dirname, '../../../../../../../../shared/fixtures'),
  'pointcloud',
);

/**
 * A 60 × 60 m slope rising 5 cm a metre, sampled every 0.5 m, with a 10 × 10 m flat roof 6 m up
 * (no ground seen under it), a pit 20 m deep and a point on the ground that is the first of two
 * returns. Every point is Classification 1, an only return, unless said otherwise.
 */
function terrain(): { points: SyntheticPoint[]; roof: Set<number>; pit: number; first: number } {
  const points: SyntheticPoint[] = [];
  const roof = new Set<number>();
  const ground = (x: number) => 0.05 * x;
  for (let x = 0; x < 60; x += 0.5) {
    for (let y = 0; y < 60; y += 0.5) {
      const onRoof = x >= 25 && x < 35 && y >= 25 && y < 35;
      if (onRoof) roof.add(points.length);
      const z = onRoof ? ground(x) + 6 : ground(x);
      points.push({ x, y, z, Classification: 1, ReturnNumber: 1, NumberOfReturns: 1 });
    }
  }
  const pit = points.length;
  points.push({
    x: 10.2,
    y: 10.2,
    z: ground(10.2) - 20,
    Classification: 1,
    ReturnNumber: 1,
    NumberOfReturns: 1,
  });
  const first = points.length;
  points.push({
    x: 40.2,
    y: 12.2,
    z: ground(40.2),
    Classification: 1,
    ReturnNumber: 1,
    NumberOfReturns: 2,
  });
  return { points, roof, pit, first };
}

const classesOf = (points: SyntheticPoint[], options: Record<string, unknown>) =>
  pointsOf(
    runStage(smrfStage, options, [
      syntheticChunk(points.slice(0, 5000)),
      syntheticChunk(points.slice(5000)),
    ]),
    ['Classification'],
  ).map((p) => p.Classification);

describe('filters.smrf', () => {
  it('classifies the slope as ground and leaves the roof, the pit and a first return', () => {
    const { points, roof, pit, first } = terrain();
    const classes = classesOf(points, {});
    expect(classes).toHaveLength(points.length);
    for (const [i, cls] of classes.entries()) {
      const expected = roof.has(i) || i === pit || i === first ? 1 : 2;
      if (cls !== expected)
        throw new Error(`point ${i} (${JSON.stringify(points[i])}) is class ${cls}`);
    }
  });

  it('takes a roof wider than the window for ground, as SMRF does', () => {
    const { points, roof } = terrain();
    const classes = classesOf(points, { window: 4 });
    // Its edges drop off in the opening; the rest stays.
    expect([...roof].filter((i) => classes[i] === 2).length).toBeGreaterThan(roof.size * 0.75);
  });

  it('cuts a net through a building wider than the window, and only with cut', () => {
    // 120 × 120 m of gently sloping ground every metre, a 50 × 50 m roof 8 m up in its middle.
    const points: SyntheticPoint[] = [];
    const roof = new Set<number>();
    for (let x = 0; x < 120; x++) {
      for (let y = 0; y < 120; y++) {
        const onRoof = x >= 35 && x < 85 && y >= 35 && y < 85;
        if (onRoof) roof.add(points.length);
        points.push({ x, y, z: 0.02 * y + (onRoof ? 8 : 0), Classification: 1 });
      }
    }
    const groundOf = (classes: readonly (number | undefined)[], onRoof: boolean) =>
      classes.filter((cls, i) => roof.has(i) === onRoof && cls === 2).length;

    const uncut = classesOf(points, {});
    expect(groundOf(uncut, true)).toBeGreaterThan(roof.size * 0.5);

    const cut = classesOf(points, { cut: 20 });
    expect(groundOf(cut, true)).toBe(0);
    expect(groundOf(cut, false)).toBe(points.length - roof.size);
  });

  it("gives the net's cells the big opening's heights", () => {
    // 9 × 9 cells of 0 with a 5 × 5 block of 10: an opening of radius 6 takes the block away.
    const z = new Float32Array(81);
    for (let cy = 2; cy < 7; cy++) for (let cx = 2; cx < 7; cx++) z[cx + cy * 9] = 10;
    const net = cutNet(z, 9, 9, 3);
    for (let c = 0; c < 81; c++) {
      const cx = c % 9;
      const cy = Math.floor(c / 9);
      const onNet = cx % 3 === 0 || cy % 3 === 0;
      expect(net[c]).toBe(onNet ? 1 : 0);
      const block = cx >= 2 && cx < 7 && cy >= 2 && cy < 7;
      expect(z[c]).toBe(block && !onNet ? 10 : 0);
    }
  });

  it('honours ignore and returns', () => {
    const { points, first } = terrain();
    points[0]!.Classification = 7;
    const classes = classesOf(points, {
      ignore: 'Classification[7:7]',
      returns: ['first', 'last', 'only'],
    });
    expect(classes[0]).toBe(7);
    expect(classes[first]).toBe(2);
    expect(classes[1]).toBe(2);
  });

  it('knows returns as PDAL does, a file without returns counting as only returns', () => {
    expect([returnKind(1, 1), returnKind(1, 3), returnKind(2, 3), returnKind(3, 3)]).toEqual([
      'only',
      'first',
      'intermediate',
      'last',
    ]);
    expect(returnKind(0, 0)).toBe('only');
  });

  it('refuses unknown returns, a bad ignore range, a negative cut, too wide a net or window and a grid too large', () => {
    expect(
      optionErrors(smrfStage, { cut: -2, returns: 'last, second', ignore: 'Klass[7:7]' }),
    ).toEqual([
      'stage 1 (filters.smrf): option "cut" must be at least 0, got -2',
      'stage 1 (filters.smrf): option "ignore" "Klass[7:7]" names an unknown dimension "Klass"',
      'stage 1 (filters.smrf): option "returns" must name returns among first, intermediate, last, only, got "second"',
    ]);
    expect(optionErrors(smrfStage, { cell: 0.5, cut: 125.5 })).toEqual([
      'stage 1 (filters.smrf): option "cut" must be at most 250 cells of 0.5 (125), got 125.5',
    ]);
    expect(optionErrors(smrfStage, { cell: 0.5, cut: 125 })).toEqual([]);
    expect(optionErrors(smrfStage, { cell: 0.5, window: 50.25 })).toEqual([
      'stage 1 (filters.smrf): option "window" must be at most 100 cells of 0.5 (50); use "cut" for buildings wider than that, got 50.25',
    ]);
    expect(optionErrors(smrfStage, { cell: 0.5, window: 50 })).toEqual([]);
    expect(optionErrors(smrfStage, { cell: 0, where: 'Z > 2' })).toEqual([
      'stage 1 (filters.smrf): option "cell" must be greater than 0, got 0',
      'stage 1 (filters.smrf): option "where" is not supported by this engine',
    ]);
    const far = [
      { x: 0, y: 0, z: 0 },
      { x: 50_000, y: 50_000, z: 0 },
    ];
    expect(() => runStage(smrfStage, {}, [syntheticChunk(far)])).toThrow(
      'the ground grid would hold 2,500,100,001 cells of 1 (at most 16,000,000): set "cell" to at least 12.5',
    );
  });

  it('agrees with the ground of the Autzen survey and keeps its trees and structures off it', async () => {
    // Autzen is in international feet: SMRF's metre defaults converted (cell 1 m, window 18 m,
    // threshold 0.5 m).
    const file = path.join(FIXTURES, 'autzen_trim.las');
    const header = await readLasFileHeader(file);
    const n = header.pointCount;
    const [x, y, z] = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
    const provider = new Uint8Array(n);
    const use = new Uint8Array(n);
    let i = 0;
    for await (const chunk of pointRecordChunks(file, header)) {
      const view = new DataView(chunk.bytes.buffer, chunk.bytes.byteOffset);
      for (let k = 0; k < chunk.count; k++, i++) {
        const at = k * chunk.recordLength;
        x[i] = view.getInt32(at, true) * header.scale.x + header.offset.x;
        y[i] = view.getInt32(at + 4, true) * header.scale.y + header.offset.y;
        z[i] = view.getInt32(at + 8, true) * header.scale.z + header.offset.z;
        const returns = view.getUint8(at + 14);
        provider[i] = view.getUint8(at + 15) & 31;
        use[i] = ['last', 'only'].includes(returnKind(returns & 7, (returns >> 3) & 7)) ? 1 : 0;
      }
    }
    const ground = classifyGround(x, y, z, use, {
      cell: 3.28,
      window: 59,
      threshold: 1.64,
      slope: 0.15,
      scalar: 1.25,
      cut: 0,
    });
    // The survey's own ground (class 2) is a part of the ground only: its class 1 holds open
    // ground too. What must hold: its ground is ground, and what stands 10 ft or more above the
    // lowest of its ground in a 5 ft cell (trees, the bridge) is not.
    const cell = 5;
    const cols = Math.floor((header.max.x - header.min.x) / cell) + 1;
    const cellOf = (p: number) =>
      Math.floor((x[p]! - header.min.x) / cell) + cols * Math.floor((y[p]! - header.min.y) / cell);
    const lowest = new Map<number, number>();
    for (let p = 0; p < n; p++) {
      if (provider[p] === 2 && !(lowest.get(cellOf(p))! <= z[p]!)) lowest.set(cellOf(p), z[p]!);
    }
    let providerGround = 0;
    let agreed = 0;
    let standing = 0;
    let standingAsGround = 0;
    for (let p = 0; p < n; p++) {
      if (provider[p] === 2) {
        providerGround++;
        agreed += ground[p]!;
      } else if (z[p]! - lowest.get(cellOf(p))! >= 10) {
        standing++;
        standingAsGround += ground[p]!;
      }
    }
    expect(providerGround).toBe(26_107);
    expect(standing).toBeGreaterThan(9_000);
    expect(agreed / providerGround).toBeGreaterThan(0.99);
    expect(standingAsGround / standing).toBeLessThan(0.01);
  });
});
