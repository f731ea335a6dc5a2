import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The resolver every form dialog uses: a zod schema (from the shared package when the rule is a
 * product rule) checks the form's values as they are typed, and handleSubmit receives the
 * schema's output. Values is the form's own type (plain strings where the user types), which
 * must be something the schema accepts; curried so that only Values is spelled out:
 * `schemaResolver<UserFieldValues>()(newUserFormSchema)`.
 */
export function schemaResolver<Values extends FieldValues>() {
  return <S extends z.ZodType>(
    schema: S & (Values extends z.input<S> ? unknown : never),
  ): Resolver<Values, unknown, z.output<S>> =>
    // zodResolver types the values as the schema's input; the check above keeps the form's
    // values within it, so the narrower type is safe.
    zodResolver(schema as unknown as z.ZodType<FieldValues, FieldValues>) as unknown as Resolver<
      Values,
      unknown,
      z.output<S>
    >;
}
