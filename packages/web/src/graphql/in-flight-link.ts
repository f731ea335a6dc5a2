import { ApolloLink } from '@apollo/client/link';
import { defer, finalize } from 'rxjs';
import { createStore } from '../lib/create-store.ts';

/** How many GraphQL requests are on the wire; the top-bar spinner shows while it is above 0. */
export const inFlightRequests = createStore(0);

/** Counts each operation from subscription until it completes, fails or is cancelled. */
export const inFlightLink = new ApolloLink((operation, forward) =>
  defer(() => {
    inFlightRequests.set((count) => count + 1);
    return forward(operation).pipe(finalize(() => inFlightRequests.set((count) => count - 1)));
  }),
);
