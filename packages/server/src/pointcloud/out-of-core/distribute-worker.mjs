// Entry of the point distribution's worker threads. The server runs its TypeScript through tsx; a
// worker started by a process that did not load tsx (a test runner) registers it here first.
import { register } from 'tsx/esm/api';

register();
await import('./distribute-worker.ts');
