import type { Migration } from 'kysely';
import * as initialSchema from './0001-initial-schema.ts';

/** Every migration in the order it is applied. Append only. */
export const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
};
