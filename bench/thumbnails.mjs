// Camera-image thumbnails: `makeThumbnail` (libvips through sharp) on a frame of the package
// generator's size (640 × 400) and on a 5 MP frame (2592 × 1944), beside a full decode of the
// same JPEG in JavaScript (jpeg-js: the first step of the thumbnails before, a floor of their
// cost). Rounds alternate the two sides; medians. Then the job's way: 4 thumbnails at a time,
// images per second.
//
//   npm run bench:thumbnails            (BENCH_ROUNDS=5, BENCH_IMAGES=12 per round and size)
import os from 'node:os';
import jpeg from 'jpeg-js';
import { makeThumbnail } from '../packages/server/src/modules/scan-images/image-thumbnails.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 12);
const LANES = 4;

/**
 * A frame with a photo's detail: a sky gradient over ground with texture, from a fixed seed.
 * Noise costs a decoder more than most photos do, so the figures lean to the slow side.
 */
function frame(width, height) {
  const data = new Uint8Array(width * height * 4);
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < height; y++) {
    const sky = y < height * 0.45;
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const grain = sky ? 0 : (random() - 0.5) * 60;
      const stripe = sky ? 0 : 30 * Math.sin(x / 17 + y / 23);
      data[at] = Math.max(0, Math.min(255, (sky ? 150 + (y / height) * 100 : 70) + grain + stripe));
      data[at + 1] = Math.max(0, Math.min(255, (sky ? 180 + (y / height) * 60 : 80) + grain));
      data[at + 2] = Math.max(0, Math.min(255, (sky ? 230 : 60) + grain - stripe));
      data[at + 3] = 255;
    }
  }
  return jpeg.encode({ data, width, height }, 90).data;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function timed(work) {
  const start = performance.now();
  for (let i = 0; i < IMAGES; i++) await work();
  return (performance.now() - start) / IMAGES;
}

console.log(
  `${os.cpus().length} cores (${os.cpus()[0]?.model}), load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const [width, height] of [
  [640, 400],
  [2592, 1944],
]) {
  const image = frame(width, height);
  const decodeMs = [];
  const thumbnailMs = [];
  for (let round = 0; round < ROUNDS; round++) {
    const decode = () =>
      jpeg.decode(image, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 64 });
    const thumbnail = async () => {
      if (!(await makeThumbnail(image))) throw new Error('no thumbnail');
    };
    // Alternating which side goes first, so a change of the machine's load hits both alike.
    if (round % 2 === 0) {
      decodeMs.push(await timed(decode));
      thumbnailMs.push(await timed(thumbnail));
    } else {
      thumbnailMs.push(await timed(thumbnail));
      decodeMs.push(await timed(decode));
    }
  }
  const lanesStart = performance.now();
  let next = 0;
  const lane = async () => {
    while (next++ < IMAGES * 2) await makeThumbnail(image);
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  const perSecond = (IMAGES * 2 * 1000) / (performance.now() - lanesStart);
  const d = median(decodeMs);
  const t = median(thumbnailMs);
  console.log(
    `${width} × ${height} (${(image.length / 1024).toFixed(0)} KiB): thumbnail ${t.toFixed(1)} ms, ` +
      `full decode in JavaScript ${d.toFixed(1)} ms (${(d / t).toFixed(1)}× the thumbnail); ` +
      `${LANES} at a time: ${perSecond.toFixed(1)} thumbnails/s`,
  );
}
console.log(
  `load after: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
