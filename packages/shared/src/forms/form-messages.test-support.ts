import type { z } from 'zod';

/**
 * The message each field would show, as the form resolver picks it: the first issue per path,
 * the path joined with dots ('helmert.Dx', 'root.period'). Empty when the values pass.
 */
export function fieldMessages(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    messages[issue.path.join('.')] ??= issue.message;
  }
  return messages;
}
