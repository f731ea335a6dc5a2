import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.ts';

export const TRAJECTORY_PATH = '/trajectory-processing';

export interface ChipText {
  label: string;
  color: string;
}

export interface PotentialBasestationRow {
  id: string;
  recommended: boolean;
  distanceKm: string;
}

/** The Trajectory Processing screen: sessions, the recommendations dialog and the runs. */
export class TrajectoryPage extends BasePage {
  async open(search?: string): Promise<void> {
    const query = search ? `?search=${encodeURIComponent(search)}` : '';
    await this.portal.visit(`${TRAJECTORY_PATH}${query}`);
    await this.portal.waitForShell();
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Sessions' });
  }

  async headers(): Promise<string[]> {
    return (await this.table().locator('thead th').allTextContents()).map((text) => text.trim());
  }

  row(sessionId: string): Locator {
    return this.table().locator(`tbody tr[data-row-id="${sessionId}"]`);
  }

  async sessionIds(): Promise<string[]> {
    const cells = this.table().locator('tbody tr[data-row-id] [data-testid="session-id"]');
    return (await cells.allTextContents()).map((text) => text.trim());
  }

  async searchText(): Promise<string> {
    return this.page.getByPlaceholder('Search sessions').inputValue();
  }

  /** The Scan's Status chips of a session, with the colour MUI gives each. */
  async statusChips(sessionId: string): Promise<ChipText[]> {
    return this.row(sessionId)
      .getByTestId('session-status')
      .locator('.MuiChip-root')
      .evaluateAll((chips) =>
        chips.map((chip) => ({
          label: (chip.textContent ?? '').trim(),
          color: /MuiChip-color(\w+)/.exec(chip.className)?.[1]?.toLowerCase() ?? '',
        })),
      );
  }

  /** The drawn background colour of the session's status chip with this label. */
  async statusChipBackground(sessionId: string, label: string): Promise<string> {
    return this.row(sessionId)
      .getByTestId('session-status')
      .locator('.MuiChip-root', { hasText: label })
      .evaluate((chip) => getComputedStyle(chip).backgroundColor);
  }

  /** Waits (the screen polls while a run is active) until the session shows this status. */
  async waitForSessionStatus(sessionId: string, label: string, timeout = 60_000): Promise<void> {
    await this.row(sessionId)
      .getByTestId('session-status')
      .locator('.MuiChip-root', { hasText: new RegExp(`^${label}$`) })
      .waitFor({ timeout });
  }

  availabilityAlert(): Locator {
    return this.portal.byTestId('trajectory-availability');
  }

  // --- Recommendations dialog -------------------------------------------------------------------

  dialog(): Locator {
    return this.portal.byTestId('recommended-basestations-dialog');
  }

  async openRecommendations(sessionId: string): Promise<void> {
    await this.page
      .getByRole('button', { name: `Basestations for ${sessionId}`, exact: true })
      .click();
    await this.dialog().waitFor();
  }

  async dialogTitle(): Promise<string> {
    const title = this.dialog().locator('#recommended-basestations-title');
    return ((await title.textContent()) ?? '').trim();
  }

  async dialogText(): Promise<string> {
    const text = this.dialog().getByTestId('recommended-basestations-text');
    return ((await text.textContent()) ?? '').trim();
  }

  async dialogHeaders(): Promise<string[]> {
    const cells = this.dialog().locator('thead th');
    return (await cells.allTextContents()).map((text) => text.trim()).filter(Boolean);
  }

  /** The potential base stations listed, once at least one is. */
  async recommendations(): Promise<PotentialBasestationRow[]> {
    const rows = this.dialog().getByTestId('potential-basestation');
    await rows.first().waitFor();
    const result: PotentialBasestationRow[] = [];
    for (const row of await rows.all()) {
      result.push({
        id: (await row.getAttribute('data-basestation-id')) ?? '',
        recommended: (await row.getByLabel('Recommended').count()) > 0,
        distanceKm: ((await row.getByTestId('longest-distance').textContent()) ?? '').trim(),
      });
    }
    return result;
  }

  submitButton(): Locator {
    return this.dialog().getByRole('button', { name: 'Submit', exact: true });
  }

  /** Selects these base stations, submits, and waits for the dialog to close. */
  async submitRun(basestationIds: readonly string[]): Promise<void> {
    await this.select(basestationIds);
    await this.submitButton().click();
    await this.dialog().waitFor({ state: 'detached' });
  }

  /** Ticks these base stations in the dialog. */
  async select(basestationIds: readonly string[]): Promise<void> {
    for (const id of basestationIds) {
      await this.dialog()
        .getByRole('checkbox', { name: `Select basestation ${id}` })
        .check();
    }
  }

  /** The dialog's warnings about base stations that are the session's own rover file. */
  async ownReceiverWarnings(): Promise<string[]> {
    const warnings = this.dialog().getByTestId('own-receiver-basestation');
    return (await warnings.allTextContents()).map((text) => text.trim());
  }

  /** The dialog's warning that the session cannot be processed. */
  async noRoverObservationWarning(): Promise<string> {
    return ((await this.dialog().getByTestId('no-rover-observation').textContent()) ?? '').trim();
  }

  // --- Runs -------------------------------------------------------------------------------------

  /** Opens the session's list of processing runs. */
  async expandSession(sessionId: string): Promise<void> {
    const button = this.row(sessionId).getByRole('button', { name: 'Expand row' });
    if ((await button.count()) > 0) await button.click();
    await this.runs().first().waitFor();
  }

  runs(): Locator {
    return this.page.getByTestId('processing-run');
  }

  async runStatus(index = 0): Promise<string> {
    const chip = this.runs().nth(index).getByTestId('run-status');
    return ((await chip.textContent()) ?? '').trim();
  }

  async waitForRunStatus(status: string, index = 0, timeout = 120_000): Promise<void> {
    await this.runs()
      .nth(index)
      .getByTestId('run-status')
      .filter({ hasText: new RegExp(`^${status}$`) })
      .waitFor({ timeout });
  }

  async runCell(testId: 'run-message' | 'run-fixed', index = 0): Promise<string> {
    return ((await this.runs().nth(index).getByTestId(testId).textContent()) ?? '').trim();
  }

  /** Expands a run to its QC charts and audit and waits for them. */
  async expandRun(index = 0): Promise<void> {
    await this.runs()
      .nth(index)
      .getByRole('button', { name: /^Expand run / })
      .click();
    await this.page.getByTestId('run-qc').first().waitFor({ timeout: 30_000 });
  }

  /** Test ids of the QC charts drawn (each holds an svg). */
  async charts(): Promise<string[]> {
    const cards = this.page.getByTestId('run-qc').first().locator('[data-testid^="qc-chart-"]');
    await cards.first().locator('svg').first().waitFor();
    return cards.evaluateAll((elements) =>
      elements
        .filter((element) => element.querySelector('svg'))
        .map((element) => element.getAttribute('data-testid') ?? ''),
    );
  }

  /** The audit summary as label → value. */
  async audit(): Promise<Record<string, string>> {
    const list = this.page.getByTestId('run-audit').first();
    const labels = await list.locator('dt').allTextContents();
    const values = await list.locator('dd').allTextContents();
    return Object.fromEntries(labels.map((label, i) => [label.trim(), (values[i] ?? '').trim()]));
  }

  /** Opens a run's log and returns its text. */
  async openLog(index = 0): Promise<string> {
    await this.runs()
      .nth(index)
      .getByRole('button', { name: /^Log of run / })
      .click();
    const text = this.page.getByTestId('run-log-text');
    await text.waitFor();
    const content = ((await text.textContent()) ?? '').trim();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await text.waitFor({ state: 'detached' });
    return content;
  }
}
