import {
  CONNECTION_ISSUE,
  CONNECTION_ISSUE_THROTTLE_MS,
  ERROR_SNACKBAR_MS,
} from '@asset-portal/shared';
import { createStore } from '../lib/create-store.ts';

export type SnackbarSeverity = 'success' | 'info' | 'warning' | 'error';

export interface SnackbarMessage {
  id: number;
  severity: SnackbarSeverity;
  text: string;
  /** Milliseconds before the message closes by itself; null keeps it until closed. */
  autoHideMs: number | null;
}

// Other messages stay as long as errors unless the caller says otherwise.
const DEFAULT_SNACKBAR_MS = ERROR_SNACKBAR_MS;

/** Messages waiting to be shown; the first one is on screen. */
export const snackbarQueue = createStore<SnackbarMessage[]>([]);

let nextId = 1;
let lastConnectionIssueAt = Number.NEGATIVE_INFINITY;

function enqueue(severity: SnackbarSeverity, text: string, autoHideMs: number | null): void {
  const message: SnackbarMessage = { id: nextId++, severity, text, autoHideMs };
  snackbarQueue.set((queue) => [...queue, message]);
}

/** The one way to show a snackbar message, from components and from non-React code alike. */
export const snackbar = {
  success(text: string, autoHideMs: number | null = DEFAULT_SNACKBAR_MS) {
    enqueue('success', text, autoHideMs);
  },
  info(text: string, autoHideMs: number | null = DEFAULT_SNACKBAR_MS) {
    enqueue('info', text, autoHideMs);
  },
  warning(text: string, autoHideMs: number | null = DEFAULT_SNACKBAR_MS) {
    enqueue('warning', text, autoHideMs);
  },
  error(text: string) {
    enqueue('error', text, ERROR_SNACKBAR_MS);
  },
  /** 'Server connection issue…', at most once per 5 s whoever reports it (spec §8). */
  connectionIssue(at: number = Date.now()) {
    if (at - lastConnectionIssueAt < CONNECTION_ISSUE_THROTTLE_MS) return;
    lastConnectionIssueAt = at;
    enqueue('warning', CONNECTION_ISSUE, DEFAULT_SNACKBAR_MS);
  },
  dismiss(id: number) {
    snackbarQueue.set((queue) => queue.filter((message) => message.id !== id));
  },
  /**
   * Drops the success and info messages shown or waiting: the user has moved on to something new
   * (a dialog opened), and a message about the last action would sit over the new dialog's
   * buttons. Warnings and errors stay until read.
   */
  dismissConfirmations() {
    snackbarQueue.set((queue) =>
      queue.filter((message) => message.severity !== 'success' && message.severity !== 'info'),
    );
  },
};
