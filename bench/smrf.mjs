// Benchmark: ground classification (filters.smrf of the built-in pipeline engine) on generated
// terrain, whose cost follows the ground grid's cells more than the points: a 1 km square of
// terrain with buildings, a 2 km diagonal corridor 40 m wide (a mobile-LiDAR drive: its bounding
// box is mostly empty) and a thousand points over 6.6 km² (the worst case: every cell within the
// window of a point is worked). PDAL's defaults (cell 1 m, window 18 m). Medians of BENCH_ROUNDS
// (3). Run with: npm run bench:smrf   (env BENCH_SMRF_POINTS, default 3,000,000; BENCH_SMRF_CUT,
// a net spacing in metres, also times each cloud with net cutting, rounds alternating)
import { classifyGround } from '../packages/server/src/modules/processing/pipeline-engine/stages/smrf.ts';
import { median } from './lib/process.mjs';

const POINTS = Number(process.env.BENCH_SMRF_POINTS ?? 3_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CUT = Number(process.env.BENCH_SMRF_CUT ?? 0);
const OPTIONS = { cell: 1, slope: 0.15, window: 18, threshold: 0.5, scalar: 1.25, cut: 0 };
const VARIANTS = CUT > 0 ? [OPTIONS, { ...OPTIONS, cut: CUT }] : [OPTIONS];

/** A seeded generator, so every round classifies the same cloud. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

const CLOUDS = [
  {
    name: '1 km square, 20 m buildings',
    points: POINTS,
    cells: 1e6,
    point(r) {
      const x = r() * 1000;
      const y = r() * 1000;
      const building =
        (Math.floor(x / 50) + Math.floor(y / 50)) % 7 === 0 && x % 50 < 20 && y % 50 < 20;
      return [x, y, 0.03 * x + Math.sin(y / 40) * 2 + (building ? 8 : 0) + r() * 0.05];
    },
  },
  {
    name: '2 km diagonal corridor, 40 m wide, cars',
    points: POINTS,
    cells: 2e6,
    point(r) {
      const along = r() * 2000;
      const across = (r() - 0.5) * 40;
      const car = Math.abs(across) < 2 && along % 100 < 5;
      return [
        (along - across) / Math.SQRT2,
        (along + across) / Math.SQRT2,
        0.01 * along + (car ? 1.6 : 0) + r() * 0.03,
      ];
    },
  },
  {
    name: '1,065 points over 3.5 × 1.9 km',
    points: 1065,
    cells: 6.65e6,
    point: (r) => [r() * 3500, r() * 1900, r() * 5],
  },
];

console.log(`filters.smrf (cell ${OPTIONS.cell}, window ${OPTIONS.window}), medians of ${ROUNDS}`);
for (const cloud of CLOUDS) {
  const n = cloud.points;
  const [x, y, z] = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  const r = random(7);
  for (let i = 0; i < n; i++) [x[i], y[i], z[i]] = cloud.point(r);
  const use = new Uint8Array(n).fill(1);
  const times = VARIANTS.map(() => []);
  const ground = VARIANTS.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [v, options] of VARIANTS.entries()) {
      const start = performance.now();
      const flags = classifyGround(x, y, z, use, options);
      times[v].push(performance.now() - start);
      ground[v] = flags.reduce((sum, flag) => sum + flag, 0);
    }
  }
  for (const [v, options] of VARIANTS.entries()) {
    const ms = median(times[v]);
    const name = options.cut > 0 ? `${cloud.name}, cut ${options.cut}` : cloud.name;
    console.log(
      `${name.padEnd(50)} ${n.toLocaleString('en').padStart(10)} points  ~${(cloud.cells / 1e6).toFixed(1)} M cells  ${Math.round(ms).toLocaleString('en').padStart(6)} ms  ${(n / ms / 1000).toFixed(2).padStart(5)} M points/s  ground ${((100 * ground[v]) / n).toFixed(1)} %`,
    );
  }
}
console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
