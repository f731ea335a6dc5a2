import { startWeb } from './web.ts';

// npm start: the whole portal in one process on embedded defaults.
await startWeb({ withWorker: true });
