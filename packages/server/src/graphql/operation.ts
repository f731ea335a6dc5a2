import { TEXT_HAS_NUL, TEXT_NOT_UNICODE, type UserType } from '@asset-portal/shared';
import type { RequestContext } from './context.ts';
import { ForbiddenError, ValidationError } from './errors.ts';

export type ResolverFn<Args, Result> = (
  args: Args,
  ctx: RequestContext,
) => Promise<Result> | Result;

/** Who may call an operation: the coarse role check; rows are scoped in the services. */
export type Access = 'any' | readonly UserType[];

export interface Operation<Args = Record<string, unknown>, Result = unknown> {
  access: Access;
  resolve: ResolverFn<Args, Result>;
}

/** Declares a top-level query or mutation with its role check. */
export function operation<Args = Record<string, unknown>, Result = unknown>(
  access: Access,
  resolve: ResolverFn<Args, Result>,
): Operation<Args, Result> {
  return { access, resolve };
}

export function isAllowed(access: Access, userType: UserType): boolean {
  return access === 'any' || access.includes(userType);
}

/** Turns declared operations into Mercurius resolvers that check the role first. */
export function toResolvers(operations: Record<string, Operation<never, unknown>>) {
  return Object.fromEntries(
    Object.entries(operations).map(([name, op]) => [
      name,
      (_root: unknown, args: never, ctx: RequestContext) => {
        if (!isAllowed(op.access, ctx.viewer.user.userType)) throw new ForbiddenError();
        const unstorable = unstorableText(args);
        if (unstorable) throw new ValidationError(unstorable);
        return op.resolve(args, ctx);
      },
    ]),
  );
}

// A UTF-16 half without its other half: not Unicode, and jsonb refuses its \u escape.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why some text in the arguments (JSON values and their keys included) cannot be stored, or
 * null. PostgreSQL fails the whole statement on U+0000 in text or jsonb and on a lone surrogate
 * in jsonb, so every operation refuses both here, before a resolver or the database sees them.
 */
export function unstorableText(value: unknown): string | null {
  const stack: unknown[] = [value];
  const check = (text: string) =>
    text.includes('\u0000') ? TEXT_HAS_NUL : LONE_SURROGATE.test(text) ? TEXT_NOT_UNICODE : null;
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      const problem = check(current);
      if (problem) return problem;
    } else if (Array.isArray(current)) {
      // One push per item: spreading a list of millions would overflow the call stack.
      for (const item of current) stack.push(item);
    } else if (typeof current === 'object' && current !== null && !(current instanceof Date)) {
      for (const [key, child] of Object.entries(current)) {
        const problem = check(key);
        if (problem) return problem;
        stack.push(child);
      }
    }
  }
  return null;
}
