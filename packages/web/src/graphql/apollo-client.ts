import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import { createErrorLink, type ErrorLinkOptions } from './error-link.ts';
import { inFlightLink } from './in-flight-link.ts';

/**
 * The app's GraphQL client. The session is an HttpOnly cookie, so requests carry it by being
 * same-origin; no token is ever read from or written to browser storage.
 */
export function createApolloClient(options: ErrorLinkOptions): ApolloClient {
  const httpLink = new HttpLink({ uri: '/graphql', credentials: 'same-origin' });
  return new ApolloClient({
    link: ApolloLink.from([inFlightLink, createErrorLink(options), httpLink]),
    cache: new InMemoryCache(),
  });
}
