import { createStore } from '../lib/create-store.ts';

/**
 * Whether work is running that signing out would break (uploads, for now); the idle countdown
 * pauses while it is busy. Features report their work here, so the frame knows none of them.
 */
export interface BusyWork {
  isBusy: boolean;
}

export const busyWork = createStore<BusyWork>({ isBusy: false });
