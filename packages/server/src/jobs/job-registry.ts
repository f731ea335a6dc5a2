import { ingestPackageJob } from '../modules/ingestion/ingest-package.job.ts';
import type { JobDefinition } from './define-job.ts';

/** Every job kind the worker runs. */
export const jobDefinitions: readonly JobDefinition[] = [ingestPackageJob];
