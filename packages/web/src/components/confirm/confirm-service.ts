import { createStore } from '../../lib/create-store.ts';

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  resolve(confirmed: boolean): void;
}

/** The confirmation waiting for an answer, if any; ConfirmDialogHost shows it. */
export const confirmRequest = createStore<ConfirmRequest | null>(null);

/**
 * Asks the user to confirm (for example before deleting) and resolves with their answer.
 * The one way screens ask; the dialog itself is drawn once, by ConfirmDialogHost.
 */
export function confirm(options: {
  title: string;
  message: string;
  confirmLabel?: string;
}): Promise<boolean> {
  return new Promise((resolve) => {
    confirmRequest.set({ confirmLabel: 'Delete', ...options, resolve });
  });
}
