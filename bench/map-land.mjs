// Benchmark: how long the offline base map's land takes to show once the viewer's map is made.
// The map harness (e2e/support/map-harness.ts: the viewer's map from a production build, 4 scans
// near Calgary, nothing warmed ahead) is opened BENCH_ROUNDS times (default 5) in headless
// chromium with software WebGL. A page script notes when the map element is made (its
// `data-base-map` mark) and polls a canvas pixel at the map's top left, among land only, until it
// has the land's colour. Run with: npm run bench:map-land (tsx).

import {
  buildMapHarness,
  launchWebglChromium,
  serveMapHarness,
} from '../e2e/support/map-harness.ts';
import { BASE_COLORS } from '../packages/web/src/features/map/map-colors.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

// As text: functions handed to the page would carry the bundler's helpers with them.
const PROBE = `(() => {
  const land = ${JSON.stringify(BASE_COLORS.land)};
  const want = [1, 3, 5].map((i) => parseInt(land.slice(i, i + 2), 16));
  const probe = document.createElement('canvas');
  probe.width = 1;
  probe.height = 1;
  const context = probe.getContext('2d', { willReadFrequently: true });
  window.__land = { made: null, drawn: null };
  function tick() {
    const map = document.querySelector('[data-testid="scan-map"]');
    if (map && map.dataset.baseMap && window.__land.made === null) window.__land.made = performance.now();
    const canvas = map && map.querySelector('canvas');
    if (canvas && canvas.width > 0) {
      context.drawImage(canvas, 20, 20, 1, 1, 0, 0, 1, 1);
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      if (Math.abs(r - want[0]) + Math.abs(g - want[1]) + Math.abs(b - want[2]) < 30) {
        window.__land.drawn = performance.now();
        return;
      }
    }
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
})()`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await serveMapHarness(await buildMapHarness());
const browser = await launchWebglChromium();
const times = [];
try {
  for (let round = 0; round < rounds; round++) {
    const context = await browser.newContext({ viewport: { width: 1100, height: 750 } });
    const page = await context.newPage();
    await page.addInitScript({ content: PROBE });
    await page.goto(`${server.origin}/?count=4`);
    await page.waitForFunction('window.__land && window.__land.drawn !== null', undefined, {
      timeout: 30_000,
    });
    const { made, drawn } = await page.evaluate('window.__land');
    times.push(drawn - made);
    console.log(
      `load ${round + 1}: land drawn ${Math.round(drawn - made)} ms after the map was made`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(
  `land drawn after the map was made: median ${Math.round(median(times))} ms, ` +
    `range ${Math.round(Math.min(...times))}–${Math.round(Math.max(...times))} ms (${rounds} loads)`,
);
