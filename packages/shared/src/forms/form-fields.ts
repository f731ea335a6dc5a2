/**
 * Building blocks of the form schemas: the shared rule functions (message or null) become zod
 * refinements, so a dialog's resolver and the server report the same text for the same value.
 */
import { z } from 'zod';
import { VALUE_REQUIRED } from '../messages.ts';
import type { FileLike } from '../validation.ts';

/** A rule function as a zod check: its message, when it returns one, is the field's issue. */
export function checkedBy<T extends z.ZodType>(
  schema: T,
  rule: (value: z.output<T>) => string | null,
) {
  return schema.superRefine((value, ctx) => {
    const message = rule(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/** A text field kept as typed (the dialog trims on save) and checked by a rule function. */
export const textCheckedBy = (rule: (value: string) => string | null) =>
  checkedBy(z.string(), rule);

/** A select whose empty choice reads 'Value is required'. */
export const requiredChoice = z.string().min(1, VALUE_REQUIRED);

const isFileLike = (value: unknown): boolean =>
  value === null || (typeof value === 'object' && typeof (value as FileLike).name === 'string');

/**
 * A file input's value (the browser's File, or null before one is chosen) checked by a file
 * rule. Generic so the browser keeps its File type through the resolver.
 */
export const fileCheckedBy = <F extends FileLike>(rule: (file: F | null) => string | null) =>
  checkedBy(z.custom<F | null>(isFileLike), rule);
