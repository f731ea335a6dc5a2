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

/** How many create/edit dialogs are open: while any is, messages show at the top (SnackbarHost). */
export const openDialogCount = createStore(0);

let nextId = 1;
let lastConnectionIssueAt = Number.NEGATIVE_INFINITY;

const isConfirmation = (message: SnackbarMessage) =>
  message.severity === 'success' || message.severity === 'info';

/**
 * Errors and warnings wait for the errors and warnings before them, and every new message
 * replaces the confirmations shown or waiting: after create, edit, delete in a row the message on
 * screen is the last one's (queued, 'created' would still show while the record is already
 * deleted), and a refusal is not held back for seconds behind the success of the action before.
 */
function enqueue(severity: SnackbarSeverity, text: string, autoHideMs: number | null): void {
  const message: SnackbarMessage = { id: nextId++, severity, text, autoHideMs };
  snackbarQueue.set((queue) => [...queue.filter((queued) => !isConfirmation(queued)), message]);
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
   * A create/edit dialog opened; call the function returned when it closes. The confirmation of
   * the last action is dropped (the user has moved on to something new), and while the dialog is
   * open messages show at the top of the screen: at the bottom they would cover its buttons.
   * Warnings and errors stay until read.
   */
  dialogOpened(): () => void {
    snackbarQueue.set((queue) => queue.filter((message) => !isConfirmation(message)));
    openDialogCount.set((count) => count + 1);
    return () => openDialogCount.set((count) => count - 1);
  },
};
