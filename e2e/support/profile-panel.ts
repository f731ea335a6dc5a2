import type { Locator, Page } from 'playwright-core';
import type { PortalDriver } from './portal-driver.ts';

/** The viewer's Profile tab: draw a line on the map, read the chart, download the CSV. */
export class ProfilePanelDriver {
  constructor(readonly portal: PortalDriver) {}

  get page(): Page {
    return this.portal.page;
  }

  panel(): Locator {
    return this.page.getByTestId('profile-panel');
  }

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Profile' }).click();
    await this.panel().waitFor({ state: 'visible' });
  }

  drawButton(): Locator {
    return this.panel().getByTestId('profile-draw');
  }

  /** The map's screen box, limited to the part of its canvas on screen. */
  private async mapBox(): Promise<{ x: number; y: number; width: number; height: number }> {
    const map = this.page.getByTestId('viewer-map');
    const area = await map.boundingBox();
    const canvas = await map.locator('canvas').first().boundingBox();
    if (!area || !canvas) throw new Error('The map is not on screen');
    const x = Math.max(area.x, canvas.x);
    const y = Math.max(area.y, canvas.y);
    const right = Math.min(area.x + area.width, canvas.x + canvas.width);
    const bottom = Math.min(area.y + area.height, canvas.y + canvas.height);
    return { x, y, width: right - x, height: bottom - y };
  }

  /**
   * 'Draw profile line', then clicks at the given fractions of the map (the last one is
   * double-clicked, which ends the line).
   */
  async drawLine(vertices: readonly [number, number][]): Promise<void> {
    await this.drawButton().click();
    await this.panel().getByTestId('profile-drawing').waitFor();
    const box = await this.mapBox();
    const at = ([fx, fy]: [number, number]) => [box.x + box.width * fx, box.y + box.height * fy];
    for (const [index, vertex] of vertices.entries()) {
      const [x, y] = at(vertex) as [number, number];
      if (index === vertices.length - 1) await this.page.mouse.dblclick(x, y);
      else await this.page.mouse.click(x, y);
      // Separate clicks, not read as a double-click by the map.
      await this.page.waitForTimeout(350);
    }
    await this.panel().getByTestId('profile-drawing').waitFor({ state: 'detached' });
  }

  /** 'Zoom to view all selected scans', then waits for the map to come to rest. */
  async zoomToSelectedScans(): Promise<void> {
    await this.page.getByRole('button', { name: 'Zoom to view all selected scans' }).click();
    await this.page.waitForTimeout(1500);
  }

  chart(): Locator {
    return this.panel().getByTestId('profile-chart');
  }

  /**
   * The screen boxes of the chart's drawing (axes and their labels included) and of the Profile
   * tab's panel, the area the viewer gives it, and whether that panel has to scroll.
   */
  async chartLayout(): Promise<{
    chart: { x: number; y: number; width: number; height: number };
    panel: { x: number; y: number; width: number; height: number };
    panelScrolls: boolean;
  }> {
    const tabPanel = this.page.getByTestId('viewer-panel-profile');
    const chart = await this.chart().locator('svg').first().boundingBox();
    const panel = await tabPanel.boundingBox();
    if (!chart || !panel) throw new Error('The chart is not on screen');
    const panelScrolls = await tabPanel.evaluate(
      (element) => element.scrollHeight > element.clientHeight,
    );
    return { chart, panel, panelScrolls };
  }

  async text(testId: string): Promise<string> {
    return ((await this.panel().getByTestId(testId).textContent()) ?? '').trim();
  }

  /** Moves the pointer over the chart's plot at a fraction of its width, mid-height. */
  async hoverChart(fractionX: number): Promise<void> {
    const box = await this.chart().locator('svg').first().boundingBox();
    if (!box) throw new Error('The chart is not on screen');
    // The plot area sits inside the axes; stay clear of them.
    const left = box.x + 70;
    const width = box.width - 90;
    for (let y = box.y + 20; y < box.y + box.height - 50; y += 10) {
      await this.page.mouse.move(left + width * fractionX, y);
      const readout = await this.text('profile-readout');
      if (readout.startsWith('Distance')) return;
    }
  }

  /** Clicks 'Download CSV' and returns the file name and its text. */
  async downloadCsv(): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.panel().getByTestId('profile-download').click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }

  async setCorridorWidth(metres: string): Promise<void> {
    const field = this.panel().getByTestId('profile-corridor-width');
    await field.fill(metres);
    await field.press('Enter');
  }
}
