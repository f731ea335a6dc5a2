import type { z } from 'zod';
import { ValidationError } from './errors.ts';

/** Validates GraphQL arguments with a schema; the first broken rule's message is the error. */
export function parseInput<S extends z.ZodType>(schema: S, args: unknown): z.infer<S> {
  const result = schema.safeParse(args);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.');
    const message = issue?.message ?? 'Invalid input';
    // Messages from the shared rules are complete sentences; zod's own ones need the field.
    throw new ValidationError(
      /^[A-Z]/.test(message) && !message.startsWith('Invalid') ? message : `${field}: ${message}`,
    );
  }
  return result.data;
}
