import { UPLOAD_WARNING } from '@asset-portal/shared';
import { busyWork } from '../../idle/busy-work-store.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { graphqlUploadApi } from './graphql-upload-api.ts';
import { indexedDbResumeStore } from './resume-records.ts';
import { UploadEngine, type UploadSettings } from './upload-engine.ts';
import { hasPendingUploads } from './upload-jobs.ts';
import { workerTransport } from './worker-transport.ts';

/**
 * The one upload engine of the page. It lives outside the React routes, so uploads go on while
 * the user moves between screens; only a reload or closing the tab stops them.
 */
export const uploadEngine = new UploadEngine({
  api: graphqlUploadApi,
  transport: workerTransport,
  resumeStore: indexedDbResumeStore(),
});

let configured = false;

/** Takes the defaults of the runtime config once; later changes come from the options dialog. */
export function configureUploads(defaults: UploadSettings): void {
  if (configured) return;
  configured = true;
  uploadEngine.setSettings(defaults);
  uploadEngine.loadResumable().catch((error: unknown) => {
    console.error('Could not read unfinished uploads', error);
  });
}

// Reloading or closing the tab would stop the uploads: the browser asks first.
function handleBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  event.returnValue = '';
}

let blocking = false;
uploadEngine.jobs.subscribe(() => {
  const busy = hasPendingUploads(uploadEngine.jobs.get());
  busyWork.set((previous) => (previous.isBusy === busy ? previous : { isBusy: busy }));
  if (busy === blocking || typeof window === 'undefined') return;
  blocking = busy;
  if (busy) window.addEventListener('beforeunload', handleBeforeUnload);
  else window.removeEventListener('beforeunload', handleBeforeUnload);
});

/** Queues the files and warns that the browser must stay open. */
export function startUploads(files: readonly File[]): void {
  if (files.length === 0) return;
  uploadEngine.enqueue(files);
  snackbar.warning(UPLOAD_WARNING);
}
