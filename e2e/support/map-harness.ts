import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { baseMapPlugin } from '../../packages/web/base-map-plugin.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './portal-environment.ts';
import { serveStaticHarness } from './static-harness.ts';

/**
 * A stand-alone page rendering the viewer's map with generated scans (up to 10,000), served on
 * loopback from a production build. `window.mapHarness` lets a test change the inputs the
 * viewer page passes (filter, selection, focus, layers, overlays), call the map's handle, time
 * an update and read canvas pixels at a coordinate.
 */

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const HARNESS_DIR = path.join(REPO, 'node_modules/.cache/map-harness');
const MAP_MODULE = path.join(REPO, 'packages/web/src/features/map/index.ts');
const CONFIG_MODULE = path.join(REPO, 'packages/web/src/config/ConfigContext.tsx');

const ENTRY = `
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ScanMap } from ${JSON.stringify(MAP_MODULE)};
import { ConfigProvider } from ${JSON.stringify(CONFIG_MODULE)};

const params = new URLSearchParams(location.search);
const count = Number(params.get('count') ?? 100);
const STATUSES = ['Final', 'Provisional', 'Exception'];
// A grid of short north-going paths west of Calgary, 100 per row.
const allScans = Array.from({ length: count }, (_, i) => {
  const lon = -114.5 + (i % 100) * 0.004;
  const lat = 51 + Math.floor(i / 100) * 0.004;
  const positions = Array.from({ length: 20 }, (_, v) => [lon + (v % 2) * 0.0003, lat + v * 0.00015]);
  // The map takes a path flat (lon, lat, lon, lat…), as the project summary decodes it.
  return { id: 'SCAN-' + i, status: STATUSES[i % 3], path: Float64Array.from(positions.flat()), positions };
});
// ?map= is the map part of /config/config.json (a style URL, per-project settings) and
// ?project= the current project, as the portal would serve and choose them.
const config = {
  appTitle: 'Asset Portal', supportEmail: 'support@example.com', idleTimeoutSeconds: 900,
  idleCountdownSeconds: 10, uploads: { simultaneousUploads: 3, useMultipart: true },
  map: params.get('map') ? JSON.parse(params.get('map')) : { styleUrl: null, projects: {} },
};
const projectId = params.get('project');
// ?wait=1: the page starts as the viewer does while a project's summary loads (no scans yet,
// the map told to wait for them); mapHarness.loadScans() brings them.
const waitsForScans = params.get('wait') === '1';
const events = { clicks: [], hovers: [], moves: 0 };

function Harness() {
  const ref = useRef(null);
  const [scans, setScans] = useState(waitsForScans ? [] : allScans);
  const [loading, setLoading] = useState(waitsForScans);
  const [selected, setSelected] = useState(new Set());
  const [focused, setFocused] = useState(null);
  const [layers, setLayers] = useState([]);
  const [overlays, setOverlays] = useState({});
  const timed = (update) => {
    const started = performance.now();
    flushSync(update);
    return performance.now() - started;
  };
  window.mapHarness = {
    events,
    allIds: allScans.map((s) => s.id),
    scan: (id) => ({ path: allScans.find((s) => s.id === id).positions }),
    filter: (ids) => timed(() => setScans(ids === null ? allScans : allScans.filter((s) => ids.includes(s.id)))),
    filterEvery: (n) => timed(() => setScans(allScans.filter((_, i) => i % n === 0))),
    select: (ids) => timed(() => setSelected(new Set(ids))),
    focus: (id) => timed(() => setFocused(id)),
    setLayers: (next) => setLayers(next),
    setOverlays: (next) => setOverlays(next),
    handle: () => ref.current,
    loadScans: () => {
      setScans(allScans);
      setLoading(false);
    },
  };
  return (
    <div style={{ position: 'fixed', inset: 0 }}>
      <ScanMap
        ref={ref}
        scans={scans}
        selectedScanIds={selected}
        focusedScanId={focused}
        layers={layers}
        overlays={overlays}
        onScanClick={(id, lngLat) => events.clicks.push({ id, lngLat })}
        onScanHover={(id) => events.hovers.push(id)}
        onMoveEnd={() => { events.moves += 1; }}
        projectId={projectId}
        waitForScans={loading}
      />
    </div>
  );
}

createRoot(document.getElementById('root')).render(
  <ConfigProvider config={config}><Harness /></ConfigProvider>,
);
`;

const HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Map</title>
<style>html,body{margin:0;height:100%}</style></head>
<body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>`;

/** Builds the page with Vite (production chunks, as the portal ships them); returns its folder. */
export async function buildMapHarness(): Promise<string> {
  const source = path.join(HARNESS_DIR, 'src');
  const out = path.join(HARNESS_DIR, 'dist');
  fs.mkdirSync(source, { recursive: true });
  fs.writeFileSync(path.join(source, 'index.html'), HTML);
  fs.writeFileSync(path.join(source, 'main.jsx'), ENTRY);
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  // The test runner sets NODE_ENV=test, which would bundle React's development build (its
  // extra work would be timed as the map's); the portal ships the production build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildPage(build, react, source, out);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return out;
}

async function buildPage(
  build: typeof import('vite').build,
  react: typeof import('@vitejs/plugin-react').default,
  source: string,
  out: string,
): Promise<void> {
  await build({
    root: source,
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), baseMapPlugin()],
    build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
}

export interface MapHarnessServer {
  origin: string;
  /** Paths the page asked for: the base map must come from here, never from the internet. */
  readonly requests: string[];
  /** Paths and queries of the elevation tiles asked for (`/tiles/dem/z/x/y.png?…`). */
  readonly tileRequests: string[];
  close(): Promise<void>;
}

/** Colour of the background layer of the style served at `/style.json`. */
export const STYLE_BACKGROUND = '#5c6bc0';

/**
 * A Terrarium-encoded elevation tile (elevation = R × 256 + G + B / 256 − 32768 metres) of
 * rounded hills 800 m high, 64 pixels apart, so that hillshading and terrain have relief to show.
 */
export function terrariumTile(size = 256): Buffer {
  const row = size * 3 + 1;
  const raw = Buffer.alloc(row * size);
  for (let y = 0; y < size; y++) {
    raw[y * row] = 0;
    for (let x = 0; x < size; x++) {
      const metres =
        1_000 + 400 * Math.sin((2 * Math.PI * x) / 64) * Math.cos((2 * Math.PI * y) / 64);
      const value = metres + 32_768;
      const at = y * row + 1 + x * 3;
      raw[at] = Math.floor(value / 256);
      raw[at + 1] = Math.floor(value) % 256;
      raw[at + 2] = Math.floor((value % 1) * 256);
    }
  }
  return png(size, size, raw);
}

/** A PNG of 8-bit RGB rows that already start with their filter byte (0). */
function png(width: number, height: number, rows: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Serves the built page on 127.0.0.1, with a MapLibre style (`/style.json`: one background
 * layer, `?projection=` its projection) and elevation tiles (`/tiles/dem/{z}/{x}/{y}.png`) standing in for a configured
 * style URL and a project's hillshade and terrain tilesets.
 */
export async function serveMapHarness(pageFolder: string): Promise<MapHarnessServer> {
  const requests: string[] = [];
  const tileRequests: string[] = [];
  const tile = terrariumTile();
  const harness = await serveStaticHarness(pageFolder, (url, _request, response) => {
    requests.push(url.pathname);
    if (/^\/tiles\/dem\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      tileRequests.push(url.pathname + url.search);
      response.writeHead(200, { 'content-type': 'image/png' }).end(tile);
      return true;
    }
    if (url.pathname === '/style.json') {
      const style = {
        version: 8,
        // ?projection=globe asks for the globe, as a configured style may.
        ...(url.searchParams.get('projection')
          ? { projection: { type: url.searchParams.get('projection') } }
          : {}),
        sources: {},
        layers: [
          { id: 'background', type: 'background', paint: { 'background-color': STYLE_BACKGROUND } },
        ],
      };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(style));
      return true;
    }
    return false;
  });
  return { origin: harness.origin, requests, tileRequests, close: harness.close };
}

interface PageCanvas {
  width: number;
  height: number;
  clientWidth: number;
  getContext(kind: '2d'): {
    drawImage(source: PageCanvas, x: number, y: number): void;
    getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
  };
}
// The page's globals, as the functions evaluated in the page see them.
declare const document: {
  querySelector(selector: string): (PageCanvas & { dataset: Record<string, string> }) | null;
  createElement(tag: 'canvas'): PageCanvas;
};
declare const requestAnimationFrame: (callback: () => void) => void;

/** WebGL in headless chromium without a GPU: the software renderer, which MapLibre needs. */
export const WEBGL_ARGS = [
  ...CHROMIUM_ARGS.filter((arg) => arg !== '--disable-gpu'),
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export function launchWebglChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: WEBGL_ARGS });
}

export type Rgb = [number, number, number];

const MAP = '[data-testid="scan-map"]';

/**
 * Waits until the map has drawn everything it was given: the base map data is in and MapLibre
 * reported 'idle' (style, sources and tiles loaded, no camera movement).
 */
export async function waitForMapIdle(page: Page): Promise<void> {
  await page.waitForSelector(`${MAP}[data-map-idle="true"]:not([data-base-map="loading"])`, {
    state: 'attached',
  });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
}

/**
 * Runs a change and waits for the map to draw it. The idle mark is cleared first, so the wait
 * is for the 'idle' that follows this change.
 */
export async function afterMapChange<T>(page: Page, change: () => Promise<T>): Promise<T> {
  await page.evaluate((selector) => {
    const element = document.querySelector(selector);
    if (element) element.dataset.mapIdle = 'false';
  }, MAP);
  const result = await change();
  await waitForMapIdle(page);
  return result;
}

/** Colours of the map canvas in a square of `radius` around a pixel (CSS pixels). */
export async function pixelsAround(page: Page, x: number, y: number, radius = 0): Promise<Rgb[]> {
  return page.evaluate(
    ([px, py, r]) => {
      const canvas = document.querySelector('[data-testid="scan-map"] canvas');
      if (!canvas) throw new Error('no map canvas');
      const ratio = canvas.width / canvas.clientWidth;
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d');
      context.drawImage(canvas, 0, 0);
      const size = Math.round(r * ratio) * 2 + 1;
      const left = Math.round(px * ratio) - Math.round(r * ratio);
      const top = Math.round(py * ratio) - Math.round(r * ratio);
      const data = context.getImageData(left, top, size, size).data;
      const colours: [number, number, number][] = [];
      for (let i = 0; i < data.length; i += 4) {
        colours.push([data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0]);
      }
      return colours;
    },
    [x, y, radius] as const,
  );
}

export async function pixelAt(page: Page, x: number, y: number): Promise<Rgb> {
  const [colour] = await pixelsAround(page, x, y, 0);
  return colour ?? [0, 0, 0];
}

/**
 * Where a coordinate is drawn on a north-up, unpitched Web Mercator map of the given centre
 * (MapLibre's world is 512 pixels wide at zoom 0).
 */
export function projectToPixel(
  view: { lon: number; lat: number; zoom: number; width: number; height: number },
  lon: number,
  lat: number,
): { x: number; y: number } {
  const world = 512 * 2 ** view.zoom;
  const mercX = (l: number) => ((l + 180) / 360) * world;
  const mercY = (b: number) => {
    const s = Math.sin((b * Math.PI) / 180);
    return (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * world;
  };
  return {
    x: view.width / 2 + mercX(lon) - mercX(view.lon),
    y: view.height / 2 + mercY(lat) - mercY(view.lat),
  };
}

export function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function closeTo(a: Rgb, b: Rgb, tolerance = 12): boolean {
  return a.every((channel, i) => Math.abs(channel - (b[i] ?? 0)) <= tolerance);
}

/**
 * Main-thread CPU time (ms) the page spent while `action` ran, from Chrome's ThreadTime metric.
 * Unlike wall-clock time it does not count waiting for a processor on a busy machine.
 */
export async function mainThreadCpuMs<T>(
  page: Page,
  action: () => Promise<T>,
): Promise<{ cpuMs: number; result: T }> {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  const threadTime = async () => {
    const { metrics } = await session.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? 0;
  };
  const before = await threadTime();
  const result = await action();
  const after = await threadTime();
  await session.detach();
  return { cpuMs: (after - before) * 1000, result };
}

/** How many canvas pixels are close to each colour (whole map canvas, sampled every 2 px). */
export async function colourCounts(
  page: Page,
  hexes: readonly string[],
  tolerance = 16,
): Promise<number[]> {
  const targets = hexes.map(hexToRgb);
  return page.evaluate(
    ([wanted, tol]) => {
      const canvas = document.querySelector('[data-testid="scan-map"] canvas');
      if (!canvas) throw new Error('no map canvas');
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d');
      context.drawImage(canvas, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const counts = wanted.map(() => 0);
      for (let y = 0; y < canvas.height; y += 2) {
        for (let x = 0; x < canvas.width; x += 2) {
          const i = (y * canvas.width + x) * 4;
          wanted.forEach(([r, g, b], k) => {
            if (
              Math.abs((data[i] ?? 0) - r) <= tol &&
              Math.abs((data[i + 1] ?? 0) - g) <= tol &&
              Math.abs((data[i + 2] ?? 0) - b) <= tol
            ) {
              counts[k] = (counts[k] ?? 0) + 1;
            }
          });
        }
      }
      return counts;
    },
    [targets, tolerance] as const,
  );
}
