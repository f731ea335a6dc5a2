import { createStore } from '../../lib/create-store.ts';

/** Whether any upload is queued or active; the idle countdown pauses while it is busy. */
export interface UploadActivity {
  isBusy: boolean;
}

export const uploadActivity = createStore<UploadActivity>({ isBusy: false });
