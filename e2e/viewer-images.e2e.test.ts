import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitForDemoScans } from './support/demo-scans.ts';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  chromiumAvailable,
  runningOnCi,
} from './support/portal-environment.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { requestText, serveStaticHarness } from './support/static-harness.ts';
import { setUpBrowserSuite } from './support/suite.ts';
import { ViewerPage } from './support/viewer-page.ts';

/**
 * The camera images panel in chromium, on a page of its own: the panel's GraphQL answered the way
 * the portal answers it (frames of a scan; per frame, one opaque signed-looking URL per object)
 * and real JPEGs, each frame and camera in its own colour, the side cameras stored on their side.
 */

const REPO = fileURLToPath(new URL('../', import.meta.url));
const HARNESS_DIR = path.join(REPO, 'node_modules/.cache/images-harness');
const PANEL_MODULE = path.join(REPO, 'packages/web/src/features/viewer/images/index.ts');

const SCAN = 'LG1001_20050402_000017_01';
const EMPTY_SCAN = 'LG1001_20050402_000017_02';
const FRAMES = Array.from({ length: 5 }, (_, i) => ({
  id: String(100 + i),
  frame: i,
  lon: -123.07 + i * 0.0001,
  lat: 44.05 + i * 0.00005,
}));
const ROTATION = { left: 90, center: 0, right: 270 } as const;
type Camera = keyof typeof ROTATION;

const ENTRY = `
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ImagePanel } from ${JSON.stringify(PANEL_MODULE)};

const scan = new URLSearchParams(location.search).get('scan') || null;
const client = new ApolloClient({ link: new HttpLink({ uri: '/graphql' }), cache: new InMemoryCache() });
window.cameraPositions = [];
function Page() {
  const [frameIndex, setFrameIndex] = useState(null);
  return (
    <div style={{ width: 560, padding: 8 }}>
      <ImagePanel
        scanId={scan}
        frameIndex={frameIndex}
        onFrameIndexChange={setFrameIndex}
        onCameraPositionChange={(position) => window.cameraPositions.push(position)}
      />
    </div>
  );
}
createRoot(document.getElementById('root')).render(
  <ApolloProvider client={client}><Page /></ApolloProvider>,
);
`;

const HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Images</title>
<style>html,body{margin:0;font-family:sans-serif}</style></head>
<body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>`;

async function buildHarness(): Promise<string> {
  const source = path.join(HARNESS_DIR, 'src');
  const out = path.join(HARNESS_DIR, 'dist');
  fs.mkdirSync(source, { recursive: true });
  fs.writeFileSync(path.join(source, 'index.html'), HTML);
  fs.writeFileSync(path.join(source, 'main.jsx'), ENTRY);
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  await build({
    root: source,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
  return out;
}

const SKY = [60, 140, 230];
const groundOf = (frame: number, camera: Camera) => [
  40 + frame * 40,
  { left: 200, center: 120, right: 40 }[camera],
  60,
];

/**
 * A JPEG as the camera stores it: upright it is sky over ground (the ground's colour says which
 * frame and camera); a side camera's is stored turned back by its jpegRotation.
 */
function frameJpeg(frame: number, camera: Camera, size: 'full' | 'thumb'): Buffer {
  const scale = size === 'full' ? 2 : 1;
  const [width, height] = [320 * scale, 200 * scale];
  const uprightRow = (y: number) => (y < height * 0.3 ? SKY : groundOf(frame, camera));
  const rotation = ROTATION[camera];
  const [storedWidth, storedHeight] = rotation === 0 ? [width, height] : [height, width];
  const data = new Uint8Array(storedWidth * storedHeight * 4);
  for (let sy = 0; sy < storedHeight; sy++) {
    for (let sx = 0; sx < storedWidth; sx++) {
      // The row this stored pixel lands on once turned clockwise by the rotation.
      const y = rotation === 90 ? sx : rotation === 270 ? storedWidth - 1 - sx : sy;
      data.set([...uprightRow(y), 255], (sy * storedWidth + sx) * 4);
    }
  }
  return jpeg.encode({ data, width: storedWidth, height: storedHeight }, 90).data;
}

/** The colour the page shows at a point, read from a screenshot. */
async function colourAt(page: Page, x: number, y: number): Promise<number[]> {
  const shot = await page.screenshot({
    type: 'jpeg',
    quality: 100,
    clip: { x, y, width: 1, height: 1 },
  });
  const { data } = jpeg.decode(shot);
  return [data[0]!, data[1]!, data[2]!];
}

const near = (actual: number[], expected: number[]) =>
  actual.every((value, i) => Math.abs(value - expected[i]!) < 30);

interface Harness {
  origin: string;
  /** Paths of the images the page asked for, in order. */
  readonly imageRequests: string[];
  close(): Promise<void>;
}

async function serveHarness(pageFolder: string): Promise<Harness> {
  const imageRequests: string[] = [];
  const signed = (frame: number, camera: Camera, size: 'full' | 'thumb') =>
    `/img/${frame}/${camera}/${size}.jpg?X-Amz-Expires=600&X-Amz-Signature=${Math.random().toString(16).slice(2)}`;
  const answer = (body: { operationName: string; variables: Record<string, unknown> }) => {
    if (body.operationName === 'ScanFrames') {
      const id = String(body.variables.id);
      const images = id === SCAN ? FRAMES.map((f) => ({ __typename: 'ScanImage', ...f })) : [];
      return { scan: { __typename: 'Scan', id, images } };
    }
    const frame = Number(body.variables.frame);
    const link = (camera: Camera) => ({
      __typename: 'ScanImageLink',
      url: signed(frame, camera, 'full'),
      thumbnailUrl: signed(frame, camera, 'thumb'),
      jpegRotation: ROTATION[camera],
    });
    return {
      scanImageUrls: {
        __typename: 'ScanFrameImages',
        scanId: body.variables.scanId,
        frame,
        lon: FRAMES[frame]!.lon,
        lat: FRAMES[frame]!.lat,
        capturedAt: new Date(Date.UTC(2005, 3, 2, 8, 15, 40 + frame)).toISOString(),
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        left: link('left'),
        center: link('center'),
        right: link('right'),
      },
    };
  };
  const harness = await serveStaticHarness(pageFolder, (url, request, response) => {
    if (url.pathname === '/graphql' && request.method === 'POST') {
      void requestText(request).then((body) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ data: answer(JSON.parse(body)) }));
      });
      return true;
    }
    const image = /^\/img\/(\d+)\/(left|center|right)\/(full|thumb)\.jpg$/.exec(url.pathname);
    if (image) {
      imageRequests.push(url.pathname);
      response.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'max-age=600' });
      response.end(frameJpeg(Number(image[1]), image[2] as Camera, image[3] as 'full' | 'thumb'));
      return true;
    }
    return false;
  });
  return { origin: harness.origin, imageRequests, close: harness.close };
}

/** The panel as a user sees it. */
class ImagePanelDriver {
  constructor(readonly page: Page) {}

  counter() {
    return this.page.getByTestId('frame-counter').textContent();
  }

  async waitForCounter(text: string) {
    await this.page
      .getByTestId('image-panel')
      .getByTestId('frame-counter')
      .getByText(text, { exact: true })
      .waitFor();
  }

  /** The thumbnail's path (without the signature) once the browser has loaded it. */
  async thumbnail(camera: Camera): Promise<string> {
    const image = this.page.getByTestId(`camera-thumbnail-${camera}`);
    await image.evaluate((img: HTMLImageElement) => img.decode());
    return new URL(await image.evaluate((img: HTMLImageElement) => img.src)).pathname;
  }

  next() {
    return this.page.getByRole('button', { name: 'Next' }).first().click();
  }

  previous() {
    return this.page.getByRole('button', { name: 'Previous' }).first().click();
  }

  cameraPositions() {
    return this.page.evaluate(
      () => (window as unknown as { cameraPositions: unknown[] }).cameraPositions,
    );
  }
}

const describeInChromium = describe.skipIf(!chromiumAvailable && !runningOnCi);

describeInChromium('the camera images panel', () => {
  let browser: Browser;
  let harness: Harness;
  let page: Page;

  beforeAll(async () => {
    const folder = await buildHarness();
    harness = await serveHarness(folder);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterEach(async () => page?.close());
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  const open = async (scan: string | null) => {
    page = await browser.newPage({ viewport: { width: 700, height: 500 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${harness.origin}/?scan=${scan ?? ''}`);
    return { panel: new ImagePanelDriver(page), errors };
  };

  it('steps through the frames with the buttons and the arrow keys, thumbnails first', async () => {
    const { panel, errors } = await open(SCAN);
    await panel.waitForCounter('Frame 1 of 5');
    expect(await panel.thumbnail('center')).toBe('/img/0/center/thumb.jpg');
    expect(await page.getByTestId('frame-time').textContent()).toBe('2005-04-02 08:15:40 UTC');
    expect(await panel.cameraPositions()).toContainEqual({
      lon: FRAMES[0]!.lon,
      lat: FRAMES[0]!.lat,
    });

    await panel.next();
    await panel.waitForCounter('Frame 2 of 5');
    expect(await panel.thumbnail('center')).toBe('/img/1/center/thumb.jpg');
    expect(await panel.thumbnail('left')).toBe('/img/1/left/thumb.jpg');
    expect((await panel.cameraPositions()).at(-1)).toEqual({
      lon: FRAMES[1]!.lon,
      lat: FRAMES[1]!.lat,
    });

    await page.keyboard.press('ArrowRight');
    await panel.waitForCounter('Frame 3 of 5');
    expect(await panel.thumbnail('right')).toBe('/img/2/right/thumb.jpg');
    await page.keyboard.press('ArrowLeft');
    await panel.waitForCounter('Frame 2 of 5');
    await panel.previous();
    await panel.waitForCounter('Frame 1 of 5');
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    // Only thumbnails so far: the full images wait until one is enlarged.
    expect(harness.imageRequests.filter((p) => p.endsWith('/full.jpg'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('loads the next frame’s thumbnails before the user steps there', async () => {
    const { panel } = await open(SCAN);
    await panel.waitForCounter('Frame 1 of 5');
    await expect.poll(() => harness.imageRequests.includes('/img/1/center/thumb.jpg')).toBe(true);
  });

  it('turns side-camera images upright and shows the full image when enlarged', async () => {
    const { panel } = await open(SCAN);
    await panel.waitForCounter('Frame 1 of 5');
    await panel.next();
    await panel.waitForCounter('Frame 2 of 5');
    for (const camera of ['left', 'center', 'right'] as const) {
      await panel.thumbnail(camera);
      const box = (await page.getByTestId(`camera-${camera}`).getByRole('button').boundingBox())!;
      // Upright, whatever way the JPEG is stored: sky at the top, ground below.
      const top = await colourAt(page, box.x + box.width / 2, box.y + box.height * 0.1);
      const bottom = await colourAt(page, box.x + box.width / 2, box.y + box.height * 0.8);
      expect(near(top, SKY), `${camera} top ${top}`).toBe(true);
      expect(near(bottom, groundOf(1, camera)), `${camera} bottom ${bottom}`).toBe(true);
    }
    await saveScreenshot(page, 'viewer-images-panel');

    await page.getByRole('button', { name: 'Enlarge the left camera image' }).click();
    const full = page.getByTestId('full-image');
    await full.waitFor();
    await full.evaluate((img: HTMLImageElement) => img.decode());
    expect(new URL(await full.evaluate((img: HTMLImageElement) => img.src)).pathname).toBe(
      '/img/1/left/full.jpg',
    );
    expect(await full.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(640);
    const box = (await full.evaluate((img: HTMLImageElement) => {
      const { x, y, width, height } = img.parentElement!.getBoundingClientRect();
      return { x, y, width, height };
    }))!;
    await saveScreenshot(page, 'viewer-images-full');
    const sky = await colourAt(page, box.x + box.width / 2, box.y + box.height * 0.1);
    const ground = await colourAt(page, box.x + box.width / 2, box.y + box.height * 0.8);
    expect(near(sky, SKY), `full top ${sky}`).toBe(true);
    expect(near(ground, groundOf(1, 'left')), `full bottom ${ground}`).toBe(true);

    // Stepping in the dialog keeps the camera and follows the frame.
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(async () => new URL(await full.evaluate((img: HTMLImageElement) => img.src)).pathname)
      .toBe('/img/2/left/full.jpg');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await panel.waitForCounter('Frame 3 of 5');
  });

  it('says when no scan is focused and when the focused scan has no images', async () => {
    const none = await open(null);
    await none.panel.page.getByText('No scan focused').waitFor();
    expect(await none.panel.cameraPositions()).toEqual([null]);
    await page.close();
    const empty = await open(EMPTY_SCAN);
    await empty.panel.page.getByText('This scan has no images').waitFor();
  });
});

describeInChromium('camera images in the Viewer', () => {
  const suite = setUpBrowserSuite();

  it('shows the focused scan’s images and steps through its frames', async () => {
    const demo = await waitForDemoScans(suite.environment, { images: true });
    const scanId = demo.scanIdsWithImages[0]!;
    const frames = await suite.environment.live.database.db
      .selectFrom('images')
      .select('frame')
      .where('scanId', '=', scanId)
      .execute();
    const portal = await suite.launch();
    await portal.signInAs('power user');
    const viewer = new ViewerPage(portal);
    await viewer.chooseProject(`Northwind Surveying : ${demo.projectName}`);
    await viewer.typeFilter('Scan ID', scanId);
    await viewer.toggleSelect(scanId);
    await viewer.focus(scanId);
    await viewer.openTab('Images');

    const panel = new ImagePanelDriver(portal.page);
    await panel.waitForCounter(`Frame 1 of ${frames.length}`);
    const first = await panel.thumbnail('center');
    // The portal's own signed link to the stored thumbnail, never the storage credentials.
    expect(first).toMatch(/\/storage\/portal\/org-\d+\/project-\d+\/scans\/.+\/images\/center\//);
    await panel.next();
    await panel.waitForCounter(`Frame 2 of ${frames.length}`);
    const second = await panel.thumbnail('center');
    expect(second).not.toBe(first);
    await portal.page.keyboard.press('ArrowLeft');
    await panel.waitForCounter(`Frame 1 of ${frames.length}`);
    expect(await panel.thumbnail('center')).toBe(first);
    await saveScreenshot(portal.page, 'viewer-images-portal');
  });
});
