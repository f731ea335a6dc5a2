import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILTER_TOOLTIPS, styleImages } from '@asset-portal/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { convertLayerFile } from '../packages/layer-formats/src/index.ts';
import { BASE_COLORS, STATUS_COLORS } from '../packages/web/src/features/map/map-colors.ts';
import { MAP_WAIT_LIMIT_MS } from '../packages/web/src/features/map/map-config.ts';
import {
  afterMapChange,
  buildMapHarness,
  closeTo,
  colourCounts,
  hexToRgb,
  launchWebglChromium,
  type MapHarnessServer,
  mainThreadCpuMs,
  pixelAt,
  pixelsAround,
  projectToPixel,
  type Rgb,
  STYLE_BACKGROUND,
  serveMapHarness,
  waitForMapIdle,
} from './support/map-harness.ts';
import { chromiumAvailable, runningOnCi } from './support/portal-environment.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';
import { VIEWER_PATH, ViewerPage } from './support/viewer-page.ts';

const LAYER_FIXTURES = path.join(
  process.env.FIXTURES_DIR ?? fileURLToPath(new URL('../../shared/fixtures/', import.meta.url)),
  'layers',
);

interface Harness {
  allIds: string[];
  events: { clicks: { id: string; lngLat: [number, number] }[]; hovers: (string | null)[] };
  scan(id: string): { path: [number, number][] };
  filter(ids: string[] | null): number;
  filterEvery(n: number): number;
  select(ids: string[]): number;
  focus(id: string | null): number;
  setLayers(layers: unknown[]): void;
  setOverlays(overlays: unknown): void;
  loadScans(): void;
  handle(): {
    fitToScans(ids: string[]): void;
    requestPoint(): Promise<[number, number] | null>;
    requestLine(): Promise<[number, number][] | null>;
    getCenter(): { lon: number; lat: number; zoom: number };
    flyTo(center: { lon: number; lat: number; zoom?: number }): void;
  };
}
// The page's globals, as the functions evaluated in the page see them.
declare const window: { mapHarness: Harness; pointResult?: unknown; lineResult?: unknown };
declare const document: {
  querySelector(selector: string): {
    clientWidth: number;
    clientHeight: number;
    getAttribute(name: string): string | null;
  } | null;
};

const rgb = (hex: string) => hexToRgb(hex);
const has = (colours: Rgb[], hex: string) => colours.some((c) => closeTo(c, rgb(hex), 16));

describe.skipIf(!chromiumAvailable && !runningOnCi)('the viewer map in a real browser', () => {
  let server: MapHarnessServer;
  let browser: Browser;
  let page: Page;
  const outside: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const folder = await buildMapHarness();
    server = await serveMapHarness(folder);
    browser = await launchWebglChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  afterEach(async () => {
    await page?.context().close();
    expect(pageErrors.splice(0), 'uncaught errors in the page').toEqual([]);
  });

  async function open(count: number, query = '') {
    await goto(count, query);
    await waitForMapIdle(page);
  }

  async function goto(
    count: number,
    query = '',
    prepare?: (context: BrowserContext) => Promise<unknown>,
  ) {
    const context = await browser.newContext({ viewport: { width: 1100, height: 750 } });
    await prepare?.(context);
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Nothing may be fetched from outside the portal: record and refuse any such request.
    await context.route(
      (url) => !url.href.startsWith(server.origin),
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    await page.goto(`${server.origin}/?count=${count}${query}`);
    await page.waitForFunction(() => Boolean(window.mapHarness));
  }

  const hasCanvas = () =>
    page.evaluate(() => document.querySelector('[data-testid="scan-map"] canvas') !== null);

  async function view() {
    return page.evaluate(() => {
      const canvas = document.querySelector('[data-testid="scan-map"] canvas');
      if (!canvas) throw new Error('no map canvas');
      return {
        ...window.mapHarness.handle().getCenter(),
        width: canvas.clientWidth,
        height: canvas.clientHeight,
      };
    });
  }

  /** The pixel of a scan's middle vertex in the current view. */
  async function scanPixel(id: string) {
    const [lon, lat] = await page.evaluate(
      (scanId) => window.mapHarness.scan(scanId).path[10] as [number, number],
      id,
    );
    return projectToPixel(await view(), lon, lat);
  }

  /** Runs a change in the page and waits until the map has drawn it. */
  function drawn<T>(change: () => T | Promise<T>): Promise<T> {
    return afterMapChange(page, () => page.evaluate(change));
  }

  async function screenshot(name: string) {
    await saveScreenshot(page, name);
  }

  it('shows the bundled base map at lon -100, lat 50, zoom 3 without any outside request', async () => {
    await open(30);
    const center = await view();
    expect(center).toMatchObject({ lon: -100, lat: 50, zoom: 3 });
    // Saskatchewan is land; the Pacific off Oregon and Hudson Bay are water.
    const land = await pixelAt(page, center.width / 2, center.height / 2);
    expect(closeTo(land, rgb(BASE_COLORS.land)), `land pixel ${land}`).toBe(true);
    for (const [lon, lat] of [
      [-140, 45],
      [-86, 59],
    ] as const) {
      const at = projectToPixel(center, lon, lat);
      const water = await pixelAt(page, at.x, at.y);
      expect(closeTo(water, rgb(BASE_COLORS.water)), `water pixel ${water}`).toBe(true);
    }
    // The legend names the three path colours.
    await expect
      .poll(() => page.getByTestId('map-legend').textContent())
      .toMatch(/Final.*Provisional.*No point cloud/);
    expect(outside).toEqual([]);
    await screenshot('map-base');
  });

  it('draws the scans on the water when the base map’s land cannot be read, and marks it failed', async () => {
    await goto(30, '', (context) =>
      context.route(/\/assets\/base-land-[^/]*\.json$/, (route) => route.fulfill({ status: 404 })),
    );
    await page.waitForSelector('[data-testid="scan-map"][data-base-map="failed"]', {
      state: 'attached',
    });
    await waitForMapIdle(page);
    await drawn(() => window.mapHarness.handle().fitToScans(['SCAN-0', 'SCAN-1']));
    const final = await pixelsAround(page, ...xy(await scanPixel('SCAN-0')), 2);
    expect(has(final, STATUS_COLORS.Final)).toBe(true);
    const [land, water] = await colourCounts(page, [BASE_COLORS.land, BASE_COLORS.water]);
    expect(land, 'land pixels').toBe(0);
    expect(water, 'water pixels').toBeGreaterThan(1000);
  });

  it('waits for a project’s scans before it makes the map, then draws them', async () => {
    await goto(30, '&wait=1');
    await page.waitForTimeout(600);
    // While the scans load the list's screen gets the main thread: no map is made yet.
    expect(await hasCanvas()).toBe(false);
    await page.evaluate(() => window.mapHarness.loadScans());
    await waitForMapIdle(page);
    await drawn(() => window.mapHarness.handle().fitToScans(['SCAN-0', 'SCAN-1']));
    const final = await pixelsAround(page, ...xy(await scanPixel('SCAN-0')), 2);
    const provisional = await pixelsAround(page, ...xy(await scanPixel('SCAN-1')), 2);
    expect(has(final, STATUS_COLORS.Final)).toBe(true);
    expect(has(provisional, STATUS_COLORS.Provisional)).toBe(true);
  });

  it('makes the map anyway when the scans have not come after MAP_WAIT_LIMIT_MS', async () => {
    await goto(30, '&wait=1');
    const madeAt = await page.waitForFunction(
      () => document.querySelector('[data-testid="scan-map"] canvas') !== null && performance.now(),
      undefined,
      { polling: 'raf', timeout: 15_000 },
    );
    // From the page's start, so at least the wait itself.
    expect(await madeAt.jsonValue()).toBeGreaterThanOrEqual(MAP_WAIT_LIMIT_MS);
    await waitForMapIdle(page);
    expect(await view()).toMatchObject({ lon: -100, lat: 50, zoom: 3 });
  });

  it('draws the paths over a configured style, with the project’s hillshade and terrain fetched with its key', async () => {
    const dem = {
      tiles: [`${server.origin}/tiles/dem/{z}/{x}/{y}.png?key={key}`],
      encoding: 'terrarium',
      tileSize: 256,
      maxzoom: 12,
    };
    const map = {
      styleUrl: `${server.origin}/style.json`,
      projects: {
        'project-7': { accessKey: 'key 7', hillshade: dem, terrain: dem, terrainExaggeration: 2 },
      },
    };
    const query = `&map=${encodeURIComponent(JSON.stringify(map))}`;
    const fitAll = () => window.mapHarness.handle().fitToScans(window.mapHarness.allIds);
    const colours = [STYLE_BACKGROUND, STATUS_COLORS.Final, STATUS_COLORS.Provisional];

    // A project without settings of its own: the configured style, the paths drawn over it.
    await open(300, `${query}&project=project-1`);
    await drawn(fitAll);
    const [plain = 0, plainFinal] = await colourCounts(page, colours);
    expect(plain, 'style background pixels').toBeGreaterThan(5_000);
    expect(plainFinal, 'Final path pixels').toBeGreaterThan(20);
    expect(server.tileRequests).toEqual([]);
    await page.context().close();

    // The project's hillshade shades the background; its terrain carries the paths.
    await open(300, `${query}&project=project-7`);
    await drawn(fitAll);
    expect(server.tileRequests.length).toBeGreaterThan(0);
    expect(server.tileRequests.every((request) => request.endsWith('?key=key%207'))).toBe(true);
    const [shaded = 0, final, provisional] = await colourCounts(page, colours);
    expect(shaded, 'unshaded background pixels').toBeLessThan(plain * 0.8);
    expect(final, 'Final path pixels over terrain').toBeGreaterThan(20);
    expect(provisional, 'Provisional path pixels over terrain').toBeGreaterThan(20);
    expect(outside).toEqual([]);
    await screenshot('map-style-hillshade-terrain');
  });

  it('shows a style asking for the globe in Web Mercator, with the paths in place', async () => {
    const map = { styleUrl: `${server.origin}/style.json?projection=globe`, projects: {} };
    // The start view (zoom 3): there a globe and Web Mercator differ by many pixels.
    await open(10_000, `&map=${encodeURIComponent(JSON.stringify(map))}`);
    expect(await view()).toMatchObject({ lon: -100, lat: 50, zoom: 3 });
    // The 10,000 paths are a small patch; it lies where Web Mercator puts it.
    const patch = await pixelsAround(page, ...xy(await scanPixel('SCAN-5050')), 3);
    const pathColours = [STATUS_COLORS.Final, STATUS_COLORS.Provisional, STATUS_COLORS.Exception];
    expect(
      patch.filter((c) => pathColours.some((hex) => closeTo(c, rgb(hex), 40))).length,
    ).toBeGreaterThan(10);
  });

  it('draws 10,000 scans by status, and filters, selects or focuses in well under 50 ms', async () => {
    await open(10_000);
    await drawn(() => window.mapHarness.handle().fitToScans(['SCAN-0', 'SCAN-1', 'SCAN-2']));
    const final = await pixelsAround(page, ...xy(await scanPixel('SCAN-0')), 2);
    const provisional = await pixelsAround(page, ...xy(await scanPixel('SCAN-1')), 2);
    const exception = await pixelsAround(page, ...xy(await scanPixel('SCAN-2')), 2);
    expect(has(final, STATUS_COLORS.Final)).toBe(true);
    expect(has(provisional, STATUS_COLORS.Provisional)).toBe(true);
    expect(has(exception, STATUS_COLORS.Exception)).toBe(true);
    await screenshot('map-scans-by-status');

    // A filter keeping every 7th scan (SCAN-0 stays, SCAN-1 goes) and back to all of them; a
    // selection of 40 and a focus. Each change is applied once the map has settled, and costed
    // as main-thread CPU time (wall-clock time is logged too: on a busy machine it also counts
    // waiting for a processor).
    type Change = 'filter' | 'all' | 'select' | 'focus';
    const cpu: Record<Change, number[]> = { filter: [], all: [], select: [], focus: [] };
    const wall: Record<Change, number[]> = { filter: [], all: [], select: [], focus: [] };
    const measure = async (change: Change, run: () => Promise<number>) => {
      const { cpuMs, result } = await afterMapChange(page, () => mainThreadCpuMs(page, run));
      cpu[change].push(cpuMs);
      wall[change].push(result);
    };
    for (let round = 0; round < 4; round++) {
      await measure('filter', () => page.evaluate(() => window.mapHarness.filterEvery(7)));
      // Shifted by 7 so that the shown part of the selection changes under the filter too.
      await measure('select', () =>
        page.evaluate(
          (first) => window.mapHarness.select(window.mapHarness.allIds.slice(first, first + 40)),
          round * 7,
        ),
      );
      await measure('focus', () =>
        page.evaluate((id) => window.mapHarness.focus(id), `SCAN-${round * 7}`),
      );
      await measure('all', () => page.evaluate(() => window.mapHarness.filter(null)));
    }
    console.info(`map updates over 10,000 scans, wall ms: ${JSON.stringify(wall)}`);
    console.info(`map updates over 10,000 scans, main-thread CPU ms: ${JSON.stringify(cpu)}`);
    // A filter change rewrites which segments show; selection and focus send a few paths.
    for (const change of ['filter', 'all', 'select', 'focus'] as const) {
      expect(Math.max(...cpu[change].slice(1))).toBeLessThan(50);
    }
    await drawn(() => window.mapHarness.filterEvery(7));
    await drawn(() => window.mapHarness.focus('SCAN-0'));
    expect(
      has(await pixelsAround(page, ...xy(await scanPixel('SCAN-1')), 2), STATUS_COLORS.Provisional),
    ).toBe(false);
    const focused = await pixelsAround(page, ...xy(await scanPixel('SCAN-0')), 6);
    expect(has(focused, STATUS_COLORS.Final)).toBe(true);
    // The focused path wears a dark blue casing.
    expect(has(focused, '#0d47a1')).toBe(true);
    await screenshot('map-filtered-focused');
  });

  it('reports a click on a shown scan and a hover with a pointer cursor, not on hidden ones', async () => {
    await open(300);
    await drawn(() => window.mapHarness.handle().fitToScans(['SCAN-0', 'SCAN-1']));
    const target = await scanPixel('SCAN-0');
    const box = await page.getByTestId('scan-map').boundingBox();
    if (!box) throw new Error('no map');
    await page.mouse.move(box.x + target.x, box.y + target.y);
    await expect
      .poll(() =>
        page.evaluate(
          () => document.querySelector('.maplibregl-canvas')?.getAttribute('style') ?? '',
        ),
      )
      .toContain('cursor: pointer');
    await page.mouse.click(box.x + target.x, box.y + target.y);
    await expect
      .poll(() => page.evaluate(() => window.mapHarness.events.clicks.at(-1)?.id))
      .toBe('SCAN-0');
    expect(await page.evaluate(() => window.mapHarness.events.hovers)).toContain('SCAN-0');

    await drawn(() => window.mapHarness.filter(['SCAN-1']));
    await page.mouse.click(box.x + target.x, box.y + target.y);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.mapHarness.events.clicks.length)).toBe(1);
  });

  it('asks for a point and for a line with a hint; Escape cancels and scan clicks wait', async () => {
    await open(30);
    const box = await page.getByTestId('scan-map').boundingBox();
    if (!box) throw new Error('no map');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;

    // Asks for a point; the answer (null when cancelled) lands in window.pointResult.
    const askPoint = () =>
      void page.evaluate(() => {
        window.pointResult = undefined;
        void window.mapHarness
          .handle()
          .requestPoint()
          .then((p) => {
            window.pointResult = p ?? 'cancelled';
          });
      });

    askPoint();
    await expect
      .poll(() => page.getByTestId('map-mode-hint').textContent())
      .toBe('Click to place the point, or press Enter for the centre. Esc cancels.');
    await page.mouse.click(cx, cy);
    await expect.poll(() => page.evaluate(() => window.pointResult)).toBeTruthy();
    const point = (await page.evaluate(() => window.pointResult)) as [number, number];
    expect(point[0]).toBeCloseTo(-100, 0);
    expect(point[1]).toBeCloseTo(50, 0);
    expect(await page.getByTestId('map-mode-hint').count()).toBe(0);

    askPoint();
    await page.getByTestId('map-mode-hint').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => window.pointResult)).toBe('cancelled');

    // Enter places the point at the centre mark (the map took the focus when it asked).
    askPoint();
    await page.getByTestId('map-centre-mark').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => Array.isArray(window.pointResult))).toBe(true);
    const centre = (await page.evaluate(() => window.pointResult)) as [number, number];
    expect(centre[0]).toBeCloseTo(-100, 4);
    expect(centre[1]).toBeCloseTo(50, 4);
    expect(await page.getByTestId('map-centre-mark').count()).toBe(0);

    void page.evaluate(() =>
      window.mapHarness
        .handle()
        .requestLine()
        .then((l) => {
          window.lineResult = l;
        }),
    );
    await expect
      .poll(() => page.getByTestId('map-mode-hint').textContent())
      .toBe('Click to add points, double-click to finish. Esc cancels.');
    await page.mouse.click(cx - 150, cy);
    await page.mouse.click(cx, cy - 80);
    await page.mouse.move(cx + 100, cy + 40);
    await page.waitForTimeout(200);
    await screenshot('map-drawing-line');
    await page.mouse.dblclick(cx + 150, cy + 60);
    await expect.poll(() => page.evaluate(() => window.lineResult)).toBeTruthy();
    const line = (await page.evaluate(() => window.lineResult)) as [number, number][];
    expect(line).toHaveLength(3);
    expect(line[0]?.[0]).toBeLessThan(-100);
    expect(line[2]?.[0]).toBeGreaterThan(-100);
    // The double-click finished the line instead of zooming in.
    expect((await view()).zoom).toBeCloseTo(3, 1);
  });

  it('draws project layers with their styles, and the default style for unusable ones', async () => {
    await open(30);
    const square = (lon: number, lat: number) =>
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [lon, lat],
                  [lon + 4, lat],
                  [lon + 4, lat + 3],
                  [lon, lat + 3],
                  [lon, lat],
                ],
              ],
            },
          },
        ],
      });
    const layers = afterMapChange(page, () =>
      page.evaluate(
        (specs) => window.mapHarness.setLayers(specs),
        [
          {
            id: '1',
            name: 'Styled',
            source: square(-110, 45),
            layers: JSON.stringify([
              { type: 'fill', paint: { 'fill-color': '#00bcd4', 'fill-opacity': 1 } },
            ]),
          },
          { id: '2', name: 'Broken', source: square(-96, 45), layers: '{not json' },
          { id: '3', name: 'No GeoJSON', source: 'oops', layers: '[]' },
        ],
      ),
    );
    await layers;
    await drawn(() =>
      window.mapHarness.setOverlays({
        camera: { lon: -100, lat: 55 },
        profileLine: [
          [-104, 52],
          [-98, 52],
        ],
      }),
    );
    const current = await view();
    const styled = projectToPixel(current, -108, 46.5);
    const broken = projectToPixel(current, -94, 46.5);
    expect(closeTo(await pixelAt(page, styled.x, styled.y), rgb('#00bcd4'))).toBe(true);
    // The default fill is a translucent indigo over land: neither land nor the styled colour.
    const fallback = await pixelAt(page, broken.x, broken.y);
    expect(closeTo(fallback, rgb(BASE_COLORS.land))).toBe(false);
    expect(fallback[2]).toBeGreaterThan(fallback[0]);
    const camera = projectToPixel(current, -100, 55);
    expect(has(await pixelsAround(page, camera.x, camera.y, 2), '#0277bd')).toBe(true);
    const profile = projectToPixel(current, -101, 52);
    expect(has(await pixelsAround(page, profile.x, profile.y, 2), '#d50000')).toBe(true);
    await screenshot('map-layers-overlays');
  });

  it('draws a KMZ’s placemarks with the icons of its archive', async () => {
    await open(30);
    const kmz = await convertLayerFile(
      'iceland.kmz',
      new Uint8Array(fs.readFileSync(path.join(LAYER_FIXTURES, 'iceland.kmz'))),
    );
    const images = styleImages(kmz.styles);
    const placemark = kmz.featureCollection.features[0]!;
    const [lon, lat] = (placemark.geometry as GeoJSON.Point).coordinates as [number, number];
    // The icon's own centre colour, decoded by the browser from the layer's data.
    const iconCentre = await page.evaluate(
      async (url) => {
        const binary = atob(url.slice(url.indexOf(',') + 1));
        const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        const [r, g, b] = context.getImageData(bitmap.width / 2, bitmap.height / 2, 1, 1).data;
        return [r, g, b] as Rgb;
      },
      images.get(placemark.properties!.icon as string)!,
    );
    await afterMapChange(page, () =>
      page.evaluate(
        (specs) => window.mapHarness.setLayers(specs),
        [
          {
            id: '7',
            name: 'Iceland',
            source: JSON.stringify(kmz.featureCollection),
            layers: JSON.stringify(kmz.styles),
          },
        ],
      ),
    );
    // Zoom 7: below the default circles' zoom 10, so only the layer's icon can draw there.
    await afterMapChange(page, () =>
      page.evaluate((centre) => window.mapHarness.handle().flyTo({ ...centre, zoom: 7 }), {
        lon,
        lat,
      }),
    );
    await expect
      .poll(async () => {
        const at = projectToPixel(await view(), lon, lat);
        return (await pixelsAround(page, at.x, at.y, 2)).some((c) => closeTo(c, iconCentre, 24));
      })
      .toBe(true);
    await screenshot('map-kmz-icons');
  });
});

function xy(point: { x: number; y: number }): [number, number] {
  return [point.x, point.y];
}

describeInBrowser('the map on the Viewer page', () => {
  const suite = setUpBrowserSuite();

  it('opens the project fitted to its scans on the offline base map and draws their status colours', async () => {
    const driver = await suite.launch();
    await driver.signInAs('power user', { startAt: VIEWER_PATH });
    const viewer = new ViewerPage(driver);
    await viewer.chooseProject('Northwind Surveying : Eugene Corridor');
    const page = viewer.page;
    await waitForMapIdle(page);
    // The project opens fitted to its scans, inland at Eugene: land only (water is checked at
    // the default view on the stand-alone page above).
    const [land] = await colourCounts(page, [BASE_COLORS.land]);
    expect(land, 'land pixels').toBeGreaterThan(100);

    // The demo project has two Final and two Provisional scans.
    await viewer.clickTool(FILTER_TOOLTIPS.selectAllFiltered);
    await afterMapChange(page, () => viewer.clickTool(FILTER_TOOLTIPS.zoomToSelected));
    await page.waitForTimeout(800);
    await waitForMapIdle(page);
    const [final, provisional] = await colourCounts(page, [
      STATUS_COLORS.Final,
      STATUS_COLORS.Provisional,
    ]);
    expect(final, 'Final path pixels').toBeGreaterThan(20);
    expect(provisional, 'Provisional path pixels').toBeGreaterThan(20);
    await driver.screenshot('map-viewer-eugene-zoomed');
  });

  it('moves to the next project’s scans when another project is chosen', async () => {
    const driver = await suite.launch();
    await driver.signInAs('power user', { startAt: VIEWER_PATH });
    const viewer = new ViewerPage(driver);
    const page = viewer.page;
    const pathPixels = async () =>
      (await colourCounts(page, Object.values(STATUS_COLORS))).reduce((sum, n) => sum + n, 0);
    // Eugene (Oregon) and Kandahar Survey (Ghazni, Afghanistan) are 12,000 km apart: a map left
    // at one shows none of the other's paths. The fit flies for 600 ms.
    for (const project of [
      'Northwind Surveying : Eugene Corridor',
      'Northwind Surveying : Kandahar Survey',
      'Northwind Surveying : Eugene Corridor',
    ]) {
      await viewer.chooseProject(project);
      await expect
        .poll(
          async () => {
            await waitForMapIdle(page);
            return pathPixels();
          },
          { timeout: 10_000 },
        )
        .toBeGreaterThan(20);
    }
    await driver.screenshot('map-viewer-project-switched');
  });
});
