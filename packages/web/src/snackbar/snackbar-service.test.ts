import { CONNECTION_ISSUE, CONNECTION_ISSUE_THROTTLE_MS } from '@asset-portal/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { snackbar, snackbarQueue } from './snackbar-service.ts';

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

  it('drops success and info messages when the user moves on, keeping warnings and errors', () => {
    snackbar.success('Project created');
    snackbar.error('Upload failed');
    snackbar.info('Invitation created');
    snackbar.warning('Check the zone');
    snackbar.dismissConfirmations();
    expect(snackbarQueue.get().map((message) => [message.severity, message.text])).toEqual([
      ['error', 'Upload failed'],
      ['warning', 'Check the zone'],
    ]);
  });
});
