import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { snackbar } from '../snackbar/snackbar-service.ts';

export interface ErrorLinkOptions {
  /** Called when the API answers 401: the session ended or the user was disabled. */
  onUnauthorized(): void;
  now?: () => number;
}

/**
 * What a user is told when the server answers 'Not found' (code NOT_FOUND): most often the thing
 * on screen was deleted meanwhile, in another tab or by another user, and the page is stale.
 */
export const NOT_FOUND_HINT =
  'Not found: it may have been deleted meanwhile. Reload the page to see the current data.';

/** Turns failed GraphQL calls into the spec's snackbars and the unauthorized redirect. */
export function createErrorLink({ onUnauthorized, now = Date.now }: ErrorLinkOptions): ErrorLink {
  return new ErrorLink(({ error, operation }) => {
    const status = (operation.getContext().response as Response | undefined)?.status;
    if (status === 401 || (ServerError.is(error) && error.statusCode === 401)) {
      onUnauthorized();
      return;
    }
    if (CombinedGraphQLErrors.is(error)) {
      const text = error.errors
        .map((graphQLError) =>
          graphQLError.extensions?.code === 'NOT_FOUND' && graphQLError.message === 'Not found'
            ? NOT_FOUND_HINT
            : graphQLError.message,
        )
        .join('\n');
      snackbar.error(text || 'Request failed');
      return;
    }
    // Anything else is a transport problem: no answer, a 5xx, or a body that is not GraphQL.
    snackbar.connectionIssue(now());
  });
}
