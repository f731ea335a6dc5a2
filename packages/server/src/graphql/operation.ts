import type { UserType } from '@asset-portal/shared';
import type { RequestContext } from './context.ts';
import { ForbiddenError } from './errors.ts';

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
        return op.resolve(args, ctx);
      },
    ]),
  );
}
