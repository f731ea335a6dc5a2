import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ingestGeneratedPackage } from './support/device-packages.ts';
import { ProfilePanelDriver } from './support/profile-panel.ts';
import { describeInBrowser, setUpBrowserSuite } from './support/suite.ts';

const DEVICE = 'LG-7007';
const PROJECT = 'Eugene Corridor';
const dir = mkdtempSync(path.join(tmpdir(), 'viewer-profile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeInBrowser('Viewer elevation profile', () => {
  const suite = setUpBrowserSuite();
  let scanId = '';

  // A real scan of the project with a built point cloud: a generated device package ingested
  // the way an upload is, which also builds the cloud's level of detail.
  beforeAll(async () => {
    const { generated } = await ingestGeneratedPackage(suite.environment.live, {
      project: PROJECT,
      device: DEVICE,
      outDir: dir,
      generatorArgs: ['--scans', '1', '--target-size', '2MB', '--scan-seconds', '5'],
    });
    scanId = generated.manifest.scans[0]!.id;
  }, 180_000);

  it('draws a line on the map, charts elevation against distance with a readout, and downloads it as CSV', async () => {
    const portal = await suite.launch();
    // The chart's SVG is drawn without errors (a colour gradient over a chart not yet sized had
    // stops at offset Infinity).
    const svgErrors: string[] = [];
    portal.page.on('console', (message) => {
      if (message.type() === 'error' && /attribute/.test(message.text())) {
        svgErrors.push(message.text());
      }
    });
    await portal.signInAs('power user', { startAt: `/?scan=${scanId}` });
    const profile = new ProfilePanelDriver(portal);
    await profile.open();
    await expect.poll(() => profile.drawButton().isEnabled()).toBe(true);
    expect(await profile.text('profile-prompt')).toBe(
      'Draw a line on the map to see the elevation along it',
    );
    await profile.zoomToSelectedScans();

    // A cross through the middle of the scan's path, whichever way the path runs.
    await profile.drawLine([
      [0.2, 0.5],
      [0.8, 0.5],
      [0.5, 0.2],
      [0.5, 0.8],
    ]);
    await portal.screenshot('viewer-profile-line-drawn');
    await profile.chart().waitFor({ timeout: 60_000 });
    const summary = await profile.text('profile-summary');
    const [, length, count] = /^Length ([\d.]+) m · ([\d,]+) points$/.exec(summary) ?? [];
    expect(Number(length)).toBeGreaterThan(0);
    const pointCount = Number((count ?? '0').replaceAll(',', ''));
    expect(pointCount).toBeGreaterThan(0);
    expect(await profile.text('profile-readout')).toBe('Point at the chart to read a point');
    expect(svgErrors).toEqual([]);

    await profile.hoverChart(0.5);
    expect(await profile.text('profile-readout')).toMatch(
      /^Distance \d+\.\d{2} m · Elevation -?\d+\.\d{2} m$/,
    );
    await portal.screenshot('viewer-profile-chart');

    // The chart fits the panel beside the map, its bottom axis and label in sight, with no
    // scrolling: at 1280×720 and on a large screen, where it grows with the panel.
    await portal.page.mouse.move(1, 1);
    await portal.page.setViewportSize({ width: 1280, height: 720 });
    await expect.poll(() => profile.chartLayout()).toMatchObject({ panelScrolls: false });
    const small = await profile.chartLayout();
    expect(small.chart.y).toBeGreaterThanOrEqual(small.panel.y);
    expect(small.chart.y + small.chart.height).toBeLessThanOrEqual(
      small.panel.y + small.panel.height,
    );
    expect(small.chart.x + small.chart.width).toBeLessThanOrEqual(
      small.panel.x + small.panel.width,
    );
    expect(small.chart.height).toBeGreaterThanOrEqual(120);
    await portal.screenshot('viewer-profile-chart-1280x720');
    await portal.page.setViewportSize({ width: 1920, height: 1080 });
    await expect
      .poll(async () => (await profile.chartLayout()).chart.height)
      .toBeGreaterThan(small.chart.height + 100);
    const large = await profile.chartLayout();
    expect(large.panelScrolls).toBe(false);
    expect(large.chart.y + large.chart.height).toBeLessThanOrEqual(
      large.panel.y + large.panel.height,
    );
    await portal.screenshot('viewer-profile-chart-1920x1080');
    await portal.page.setViewportSize({ width: 1280, height: 800 });

    const csv = await profile.downloadCsv();
    expect(csv.name).toMatch(/^elevation-profile-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.csv$/);
    const rows = csv.text.trimEnd().split('\r\n');
    expect(rows[0]).toBe('distance_m,elevation_m,lon,lat');
    expect(rows).toHaveLength(pointCount + 1);
    const distances = rows.slice(1).map((row) => Number(row.split(',')[0]));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    // A corridor outside the allowed range is refused before anything is asked.
    await profile.setCorridorWidth('60');
    expect(
      await profile
        .panel()
        .getByText('The corridor width must be between 0.1 and 50 metres')
        .isVisible(),
    ).toBe(true);
    // A wider corridor holds at least as many points.
    await profile.setCorridorWidth('4');
    await expect
      .poll(
        async () => {
          const text = await profile.text('profile-summary').catch(() => '');
          return Number(/· ([\d,]+) points$/.exec(text)?.[1]?.replaceAll(',', '') ?? 0);
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(pointCount);

    await profile.panel().getByTestId('profile-clear').click();
    expect(await profile.text('profile-prompt')).toBe(
      'Draw a line on the map to see the elevation along it',
    );
  });
});
