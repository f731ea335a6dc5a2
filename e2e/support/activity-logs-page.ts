import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locator } from 'playwright-core';
import type { Db } from '../../packages/server/src/db/database.ts';
import type { ActivityStatus } from '../../packages/server/src/db/schema.ts';
import { BasePage } from './base-page.ts';

/** A log row to put straight into the database (the demo seed holds only sign-ins). */
export interface LogSeed {
  activityType: string;
  status: ActivityStatus;
  username: string;
  message: string;
  payload?: unknown;
  metrics?: unknown;
  logFileUrl?: string;
  minutesAgo?: number;
}

/** Test data for the activity log, written through the app's own database handle. */
export class ActivityLogData {
  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
  ) {}

  async user(username: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'organizationId'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  }

  async insert(seeds: LogSeed[]): Promise<number[]> {
    const rows = [];
    for (const seed of seeds) {
      const user = await this.user(seed.username);
      const at = new Date(Date.now() - (seed.minutesAgo ?? 0) * 60_000);
      const isJob = seed.status !== 'Event';
      rows.push({
        activityType: seed.activityType,
        userId: user.id,
        organizationId: user.organizationId,
        status: seed.status,
        message: seed.message,
        logFileUrl: seed.logFileUrl ?? null,
        payload: seed.payload === undefined ? null : JSON.stringify(seed.payload),
        metrics: seed.metrics === undefined ? null : JSON.stringify(seed.metrics),
        created: at,
        lastModified: at,
        submitted: isJob ? at : null,
        started: seed.status === 'Started' || seed.status === 'Completed' ? at : null,
        completed: ['Completed', 'Error', 'Failed'].includes(seed.status) ? at : null,
      });
    }
    const inserted = await this.db
      .insertInto('activityLogs')
      .values(rows)
      .returning('id')
      .execute();
    return inserted.map((row) => row.id);
  }

  /** Writes a log file in the organization's log folder and returns its file:// URL. */
  async writeLogFile(username: string, name: string, text: string): Promise<string> {
    const user = await this.user(username);
    const folder = path.join(this.dataDir, 'logs', String(user.organizationId));
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, name);
    fs.writeFileSync(file, text);
    return pathToFileURL(file).href;
  }

  async count(filter: { activityType?: string; status?: ActivityStatus; username?: string }) {
    let query = this.db.selectFrom('activityLogs').select((eb) => eb.fn.countAll<number>().as('n'));
    if (filter.activityType) query = query.where('activityType', '=', filter.activityType);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.username) query = query.where('userId', '=', (await this.user(filter.username)).id);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  async isAcknowledged(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('activityLogs')
      .select('isAcknowledged')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.isAcknowledged;
  }
}

/** The Activity Logs screen as a user sees it. */
export class ActivityLogsPage extends BasePage {
  async open(): Promise<void> {
    await this.portal.visit('/activity-logs');
    await this.page.getByRole('heading', { name: 'Activity Logs' }).waitFor();
    await this.waitForRows();
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Activity logs' });
  }

  rows(): Locator {
    return this.table().locator('tbody tr[data-row-id]');
  }

  row(id: number): Locator {
    return this.table().locator(`tbody tr[data-row-id="${id}"]`);
  }

  async waitForRows(): Promise<void> {
    await this.rows().first().waitFor();
  }

  /** Waits until the table shows exactly `count` rows. */
  async waitForRowCount(count: number, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let shown = await this.rows().count();
    while (shown !== count) {
      if (Date.now() > deadline)
        throw new Error(`Expected ${count} rows, the table shows ${shown}`);
      await this.page.waitForTimeout(100);
      shown = await this.rows().count();
    }
  }

  /** The text of one column for every row shown. */
  async column(index: number): Promise<string[]> {
    // +1 for the expander cell.
    return this.rows()
      .locator(`td:nth-child(${index + 2})`)
      .allTextContents();
  }

  /** The 'x–y of N' text of the pager. */
  async pagerText(): Promise<string> {
    return (
      (await this.page.locator('.MuiTablePagination-displayedRows').textContent()) ?? ''
    ).trim();
  }

  private filter(label: string): Locator {
    return this.page.getByRole('combobox', { name: new RegExp(`^${label}\\b`) });
  }

  /** The option labels of a filter, in order. */
  async filterOptions(label: string): Promise<string[]> {
    await this.filter(label).click();
    const options = this.page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    const labels = (await options.allTextContents()).map((text) => text.trim());
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('listbox', { includeHidden: true }).waitFor({ state: 'detached' });
    return labels;
  }

  async chooseFilter(label: string, option: string): Promise<void> {
    await this.pickOption(this.filter(label), option);
  }

  async choosePageSize(size: number): Promise<void> {
    await this.pickOption(this.page.getByRole('combobox', { name: /Rows per page/ }), String(size));
  }

  async pageSizeOptions(): Promise<string[]> {
    await this.page.getByRole('combobox', { name: /Rows per page/ }).click();
    const labels = await this.page.getByRole('listbox').getByRole('option').allTextContents();
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('listbox', { includeHidden: true }).waitFor({ state: 'detached' });
    return labels.map((text) => text.trim());
  }

  async nextPage(): Promise<void> {
    await this.page.getByRole('button', { name: 'Go to next page' }).click();
  }

  async expand(id: number): Promise<Locator> {
    await this.row(id).getByRole('button', { name: 'Expand row' }).click();
    const detail = this.page.getByTestId(`activity-log-detail-${id}`);
    await detail.waitFor();
    return detail;
  }

  acknowledgeBox(id: number): Locator {
    return this.page.getByRole('checkbox', { name: `Acknowledge log ${id}` });
  }

  async setAutoRefresh(on: boolean): Promise<void> {
    const toggle = this.page.getByRole('switch', { name: 'Auto-refresh' });
    if (on) await toggle.check();
    else await toggle.uncheck();
  }

  /** Clicks 'Acknowledge all', confirms, and returns the confirmation's question. */
  async acknowledgeAll(): Promise<string> {
    await this.page.getByTestId('acknowledge-all').click();
    const dialog = this.page.getByRole('dialog');
    await dialog.waitFor();
    const question = ((await dialog.locator('.MuiDialogContent-root').textContent()) ?? '').trim();
    await this.waitForDialogShown();
    await this.portal.screenshot('activity-logs-acknowledge-all-confirm');
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await dialog.waitFor({ state: 'detached' });
    return question;
  }

  /** Waits until the dialog's fade-in has ended, so a screenshot shows it whole. */
  async waitForDialogShown(): Promise<void> {
    await this.page.waitForFunction(
      // A function, not a string: the portal's CSP forbids evaluating strings.
      () => {
        const c = document.querySelector('.MuiDialog-container');
        return c !== null && getComputedStyle(c).opacity === '1';
      },
    );
  }

  /** Opens the log-file viewer of a row and returns the dialog. */
  async openLogFile(id: number): Promise<Locator> {
    await this.row(id).getByRole('button', { name: 'View log file' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.waitFor();
    return dialog;
  }
}
