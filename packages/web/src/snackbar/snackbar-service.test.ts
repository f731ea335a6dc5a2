import { CONNECTION_ISSUE, CONNECTION_ISSUE_THROTTLE_MS } from '@asset-portal/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDialogCount, snackbar, snackbarQueue } from './snackbar-service.ts';

describe('snackbar service', () => {
  beforeEach(() => snackbarQueue.set([]));

  it('shows the connection issue at most once per 5 s, however many report it', () => {
    const texts = () => snackbarQueue.get().map((message) => message.text);
    const start = 1_000_000;
    // The GraphQL error link and the scan-summary loader report one outage within a second.
    snackbar.connectionIssue(start);
    snackbar.connectionIssue(start + 300);
    snackbar.connectionIssue(start + CONNECTION_ISSUE_THROTTLE_MS - 1);
    expect(texts()).toEqual([CONNECTION_ISSUE]);
    expect(snackbarQueue.get()[0]?.severity).toBe('warning');
    snackbar.connectionIssue(start + CONNECTION_ISSUE_THROTTLE_MS);
    expect(texts()).toEqual([CONNECTION_ISSUE, CONNECTION_ISSUE]);
  });

  const shown = () => snackbarQueue.get().map((message) => [message.severity, message.text]);

  it('drops success and info messages when a dialog opens, keeping warnings and errors', () => {
    snackbar.error('Upload failed');
    snackbar.info('Invitation created');
    snackbar.warning('Check the zone');
    const closed = snackbar.dialogOpened();
    expect(shown()).toEqual([
      ['error', 'Upload failed'],
      ['warning', 'Check the zone'],
    ]);
    expect(openDialogCount.get()).toBe(1);
    const nestedClosed = snackbar.dialogOpened();
    nestedClosed();
    expect(openDialogCount.get()).toBe(1);
    closed();
    expect(openDialogCount.get()).toBe(0);
  });

  it('shows the last confirmation, not one of an action already undone', () => {
    snackbar.success('Organization created');
    snackbar.success('Organization updated');
    snackbar.error('Server unreachable');
    snackbar.info('Invitation created');
    snackbar.success('Organization deleted');
    expect(shown()).toEqual([
      ['error', 'Server unreachable'],
      ['success', 'Organization deleted'],
    ]);
  });

  it('shows a refusal at once, in place of the confirmation of the action before', () => {
    snackbar.success('Project updated');
    snackbar.error("Project 'Paris' still has 6 scans");
    expect(shown()).toEqual([['error', "Project 'Paris' still has 6 scans"]]);
    // Errors and warnings are all read, one after the other.
    snackbar.warning('Check the zone');
    snackbar.error('Upload failed');
    expect(shown().map(([severity]) => severity)).toEqual(['error', 'warning', 'error']);
  });
});
