/// <reference lib="dom" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildPotreeFromLas } from '../packages/server/src/pointcloud/potree-writer.ts';
import { CLASSIFICATION_COLORS } from '../packages/web/src/features/viewer/pointcloud/classification-colors.ts';
import {
  distanceToGradient,
  YELLOW_GREEN,
} from '../packages/web/src/features/viewer/pointcloud/gradient.ts';
import { BACKGROUND_COLOR } from '../packages/web/src/features/viewer/pointcloud/view-settings.ts';
import { waitForDemoScans } from './support/demo-scans.ts';
import { buildHarness, type HarnessServer, serveHarness } from './support/pointcloud-harness.ts';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  chromiumAvailable,
  runningOnCi,
} from './support/portal-environment.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { setUpBrowserSuite } from './support/suite.ts';
import { ViewerPage } from './support/viewer-page.ts';

const FIXTURES =
  process.env.FIXTURES_DIR ?? fileURLToPath(new URL('../../shared/fixtures/', import.meta.url));
/** NAD83 / Oregon GIC Lambert (ft), the CRS of the autzen fixture. */
const OREGON_LAMBERT_FT =
  '+proj=lcc +lat_0=41.75 +lon_0=-120.5 +lat_1=43 +lat_2=45.5 +x_0=399999.9999984 +y_0=0 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=ft +no_defs';

type Rgb = [number, number, number];
/** A colour of the canvas and how many pixels have it. */
type ColorCount = [number, number, number, number];

/** The rendered canvas, read in the page: how many pixels differ from the background, and a sample. */
async function canvasPixels(page: Page): Promise<{
  total: number;
  colored: ColorCount[];
  drawn: number;
  middleRow: number[];
  /** Mean x of the drawn pixels, 0 at the left edge and 1 at the right. */
  meanX: number;
}> {
  return page.evaluate((background) => {
    const canvas = document.querySelector<HTMLCanvasElement>(
      '[data-testid=pointcloud-canvas] canvas',
    );
    if (!canvas) throw new Error('No canvas');
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d');
    if (!context) throw new Error('No 2D context');
    context.drawImage(canvas, 0, 0);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    const counts = new Map<number, number>();
    let drawn = 0;
    let sumX = 0;
    // CSS x positions of the drawn pixels on the middle row, for clicking on the cloud.
    const middleRow: number[] = [];
    const middle = Math.floor(copy.height / 2);
    for (let index = 0; index < data.length; index += 4) {
      const rgb: [number, number, number] = [
        data[index] ?? 0,
        data[index + 1] ?? 0,
        data[index + 2] ?? 0,
      ];
      if (
        Math.abs(rgb[0] - background[0]) +
          Math.abs(rgb[1] - background[1]) +
          Math.abs(rgb[2] - background[2]) >
        6
      ) {
        drawn += 1;
        sumX += (index / 4) % copy.width;
        const key = (rgb[0] << 16) | (rgb[1] << 8) | rgb[2];
        counts.set(key, (counts.get(key) ?? 0) + 1);
        const pixel = index / 4;
        if (Math.floor(pixel / copy.width) === middle) {
          middleRow.push(((pixel % copy.width) * canvas.clientWidth) / copy.width);
        }
      }
    }
    const colored = [...counts].map(
      ([key, count]) =>
        [(key >> 16) & 255, (key >> 8) & 255, key & 255, count] as [number, number, number, number],
    );
    const meanX = drawn > 0 ? sumX / drawn / copy.width : 0.5;
    return { total: copy.width * copy.height, colored, drawn, middleRow, meanX };
  }, hexRgb(BACKGROUND_COLOR));
}

function hexRgb(color: number): Rgb {
  return [(color >> 16) & 255, (color >> 8) & 255, color & 255];
}

/** The share of the drawn pixels whose colour passes the test. */
function share(colors: readonly ColorCount[], test: (rgb: Rgb) => boolean): number {
  let passed = 0;
  let all = 0;
  for (const [r, g, b, count] of colors) {
    all += count;
    if (test([r, g, b])) passed += count;
  }
  return passed / Math.max(1, all);
}

async function waitForPoints(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const view = document.querySelector<HTMLElement>('[data-testid=pointcloud-view]');
      const points = Number(view?.dataset.renderedPoints ?? 0);
      return points > 0 ? points : false;
    },
    null,
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Waits until the view stops loading nodes (two frames with the same count). */
async function waitForSteadyPoints(page: Page): Promise<void> {
  let previous = -1;
  for (let attempt = 0; attempt < 40; attempt++) {
    const current = Number(
      await page.getAttribute('[data-testid=pointcloud-view]', 'data-rendered-points'),
    );
    if (current > 0 && current === previous) return;
    previous = current;
    await page.waitForTimeout(500);
  }
}

const describeInChromium = describe.skipIf(!chromiumAvailable && !runningOnCi);

describeInChromium('3D point-cloud view', () => {
  let folder: string;
  let cloudBounds: { min: number[]; max: number[] };
  let server: HarnessServer;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pointcloud-e2e-'));
    const cloud = path.join(folder, 'autzen');
    const built = await buildPotreeFromLas(
      path.join(FIXTURES, 'pointcloud/autzen_trim.laz'),
      cloud,
      {
        projection: OREGON_LAMBERT_FT,
      },
    );
    cloudBounds = built.bounds;
    const pageFolder = await buildHarness();
    server = await serveHarness(pageFolder, [
      { scanId: 'scan-ready', folder: cloud, crs: OREGON_LAMBERT_FT, pointCount: built.pointCount },
      {
        scanId: 'scan-building',
        folder: cloud,
        crs: OREGON_LAMBERT_FT,
        pointCount: 0,
        status: 'building',
      },
      {
        scanId: 'scan-failed',
        folder: cloud,
        crs: OREGON_LAMBERT_FT,
        pointCount: 0,
        status: 'failed',
      },
    ]);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
  });

  afterEach(async () => {
    await page?.context().close();
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
    pageErrors = [];
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  async function open(query: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 750 } });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.origin}/?${query}`);
    return page;
  }

  it('renders the streamed points coloured by elevation with the YELLOW_GREEN gradient', async () => {
    await open('scan=scan-ready');
    server.resetCounters();
    const points = await waitForPoints(page);
    expect(points).toBeGreaterThan(1_000);
    await waitForSteadyPoints(page);
    await saveScreenshot(page, 'pointcloud-elevation');

    const { total, colored, drawn } = await canvasPixels(page);
    // The cloud covers a good part of the view, not a few stray pixels.
    expect(drawn / total).toBeGreaterThan(0.05);
    // Nearly every drawn pixel is a colour of the gradient (edges may blend with the background).
    expect(share(colored, (rgb) => distanceToGradient(YELLOW_GREEN, rgb) < 12)).toBeGreaterThan(
      0.95,
    );
    // Both ends of the gradient show: low ground and high trees.
    const low = share(colored, (rgb) => distanceToGradient(YELLOW_GREEN.slice(0, 4), rgb) < 12);
    const high = share(colored, (rgb) => distanceToGradient(YELLOW_GREEN.slice(7), rgb) < 12);
    expect(low).toBeGreaterThan(0.01);
    expect(high).toBeGreaterThan(0.001);
    // The octree was read through its URLs with Range requests, not downloaded whole.
    expect(server.cloudRequests).toBeGreaterThan(3);
  });

  it('colours by classification with the ASPRS class colours', async () => {
    await open('scan=scan-ready');
    await waitForPoints(page);
    await page.getByRole('button', { name: 'Classification' }).click();
    await page.waitForTimeout(500);
    await waitForSteadyPoints(page);
    await saveScreenshot(page, 'pointcloud-classification');
    const { colored } = await canvasPixels(page);
    const classColors = Object.values(CLASSIFICATION_COLORS).map((color) =>
      color.map((channel) => channel * 255),
    );
    const isClassColor = (rgb: Rgb) =>
      classColors.some(
        (color) => Math.hypot(color[0]! - rgb[0], color[1]! - rgb[1], color[2]! - rgb[2]) < 12,
      );
    expect(share(colored, isClassColor)).toBeGreaterThan(0.95);
    // Ground (class 2) is brown, no longer a gradient colour.
    expect(
      share(colored, (rgb) => Math.hypot(rgb[0] - 161, rgb[1] - 82, rgb[2] - 46) < 12),
    ).toBeGreaterThan(0.05);
  });

  it('measures a height difference between two picked points', async () => {
    await open('scan=scan-ready');
    await waitForPoints(page);
    await waitForSteadyPoints(page);
    await page.getByRole('button', { name: 'Height' }).click();
    const canvas = page.locator('[data-testid=pointcloud-canvas] canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('No canvas box');
    // Two points of the cloud on the middle row of the view, a quarter in from each side.
    const { middleRow } = await canvasPixels(page);
    expect(middleRow.length).toBeGreaterThan(20);
    const y = box.height / 2;
    await canvas.click({ position: { x: middleRow[Math.floor(middleRow.length / 4)] ?? 0, y } });
    await page.waitForTimeout(300);
    await canvas.click({
      position: { x: middleRow[Math.floor((middleRow.length * 3) / 4)] ?? 0, y },
    });
    const label = page.locator('.pointcloud-measure-label').filter({ hasText: 'Δh' });
    await expect.poll(() => label.count(), { timeout: 10_000 }).toBe(1);
    expect(await label.textContent()).toMatch(/^Δh -?\d+\.\d\d m$/);
    await saveScreenshot(page, 'pointcloud-measure');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.locator('.pointcloud-measure-label').count()).toBe(0);
  });

  /** Clicks the cloud at fractions of its drawn width on the middle row, then ends the shape. */
  async function measure(tool: string, fractions: number[]): Promise<string> {
    await page.getByRole('button', { name: tool }).click();
    const canvas = page.locator('[data-testid=pointcloud-canvas] canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('No canvas box');
    const { middleRow } = await canvasPixels(page);
    expect(middleRow.length).toBeGreaterThan(20);
    for (const [i, fraction] of fractions.entries()) {
      // Above and below the middle row by turns, so that three picks make a triangle.
      const y = box.height / 2 + (i % 2 === 0 ? 0 : 40) - (i === 2 ? 80 : 0);
      const x = middleRow[Math.floor(middleRow.length * fraction)] ?? 0;
      await canvas.click({ position: { x, y } });
      await page.waitForTimeout(300);
    }
    await page.keyboard.press('Escape');
    const label = page.locator('.pointcloud-measure-label');
    await expect.poll(() => label.count(), { timeout: 10_000 }).toBe(1);
    return (await label.textContent()) ?? '';
  }

  it('measures the length of a line and the area of a polygon picked on the cloud', async () => {
    await open('scan=scan-ready');
    await waitForPoints(page);
    await waitForSteadyPoints(page);
    const length = await measure('Distance', [0.2, 0.8]);
    expect(length).toMatch(/^\d+\.\d\d m$/);
    // Autzen's trimmed cloud is a few hundred metres across: 60 % of it is tens of metres at least.
    expect(Number.parseFloat(length)).toBeGreaterThan(20);
    expect(Number.parseFloat(length)).toBeLessThan(2_000);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.locator('.pointcloud-measure-label').count()).toBe(0);

    const area = await measure('Area', [0.2, 0.8, 0.5]);
    expect(area).toMatch(/^\d+\.\d\d m²$/);
    expect(Number.parseFloat(area)).toBeGreaterThan(10);
    expect(Number.parseFloat(area)).toBeLessThan(1_000_000);
    await saveScreenshot(page, 'pointcloud-measure-area');
  });

  it('opens on the map’s position: the cloud lies east of a view centred on its west end', async () => {
    // Points near the cloud's west and east ends, halfway between its south and north edges.
    const [minX = 0, minY = 0] = cloudBounds.min;
    const [maxX = 0, maxY = 0] = cloudBounds.max;
    const { default: proj4 } = await import('proj4');
    const toLonLat = (x: number, y: number) =>
      proj4(OREGON_LAMBERT_FT, 'EPSG:4326', [x, y]) as [number, number];
    const middleY = (minY + maxY) / 2;
    const west = toLonLat(minX + (maxX - minX) * 0.1, middleY);
    const east = toLonLat(minX + (maxX - minX) * 0.9, middleY);
    const meanXAt = async ([lon, lat]: [number, number]) => {
      await open(`scan=scan-ready&center=${lon},${lat},18`);
      await waitForPoints(page);
      await waitForSteadyPoints(page);
      const { meanX, drawn } = await canvasPixels(page);
      expect(drawn).toBeGreaterThan(100);
      await page.context().close();
      return meanX;
    };
    const westView = await meanXAt(west);
    const eastView = await meanXAt(east);
    // Centred on the west end, most of the cloud is to the right; on the east end, to the left.
    expect(westView).toBeGreaterThan(0.5);
    expect(eastView).toBeLessThan(0.5);
    expect(westView - eastView).toBeGreaterThan(0.2);
  });

  it('reports the orbit target as a map position after the user moves the camera', async () => {
    await open('scan=scan-ready');
    await waitForPoints(page);
    const canvas = page.locator('[data-testid=pointcloud-canvas] canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('No canvas box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 20, { steps: 5 });
    await page.mouse.up({ button: 'right' });
    const centers = await page.evaluate(
      () => (window as unknown as { cameraCenters: { lon: number; lat: number }[] }).cameraCenters,
    );
    const last = centers.at(-1);
    // Autzen stadium, Eugene (Oregon).
    expect(last?.lon).toBeGreaterThan(-123.2);
    expect(last?.lon).toBeLessThan(-122.9);
    expect(last?.lat).toBeGreaterThan(43.95);
    expect(last?.lat).toBeLessThan(44.15);
  });

  it('says when a point cloud is being prepared or failed', async () => {
    await open('scan=scan-building');
    await expect
      .poll(() => page.getByText('Point cloud is being prepared…').count(), { timeout: 20_000 })
      .toBe(1);
    await page.context().close();
    await open('scan=scan-failed');
    await expect
      .poll(() => page.getByText('The point cloud could not be prepared.').count(), {
        timeout: 20_000,
      })
      .toBe(1);
  });
});

describeInChromium('the 3D view in the Viewer', () => {
  const suite = setUpBrowserSuite();

  it('streams the selected scan’s built cloud and draws it with the elevation gradient', async () => {
    const demo = await waitForDemoScans(suite.environment, { pointCloud: true });
    const scanId = demo.scanIds[0] as string;
    const portal = await suite.launch();
    await portal.signInAs('power user');
    const viewer = new ViewerPage(portal);
    await viewer.chooseProject(`Northwind Surveying : ${demo.projectName}`);
    await viewer.typeFilter('Scan ID', scanId);
    await viewer.toggleSelect(scanId);
    await viewer.openTab('3D');

    const page = portal.page;
    expect(await waitForPoints(page)).toBeGreaterThan(1_000);
    await waitForSteadyPoints(page);
    await saveScreenshot(page, 'pointcloud-viewer-tab');
    const { total, colored, drawn } = await canvasPixels(page);
    expect(drawn / total).toBeGreaterThan(0.02);
    expect(share(colored, (rgb) => distanceToGradient(YELLOW_GREEN, rgb) < 12)).toBeGreaterThan(
      0.95,
    );
  });
});
