import { ApolloClient, gql, InMemoryCache } from '@apollo/client';
import { ServerError } from '@apollo/client/errors';
import { ApolloLink } from '@apollo/client/link';
import { CONNECTION_ISSUE, ERROR_SNACKBAR_MS } from '@asset-portal/shared';
import { Observable, of, throwError } from 'rxjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { snackbarQueue } from '../snackbar/snackbar-service.ts';
import { createErrorLink, NOT_FOUND_HINT } from './error-link.ts';
import { inFlightLink, inFlightRequests } from './in-flight-link.ts';

const QUERY = gql`
  query Ping {
    ping
  }
`;

function clientAnswering(answer: () => Observable<ApolloLink.Result>, now = () => 0) {
  const onUnauthorized = vi.fn();
  const client = new ApolloClient({
    link: ApolloLink.from([
      inFlightLink,
      createErrorLink({ onUnauthorized, now }),
      new ApolloLink(() => answer()),
    ]),
    cache: new InMemoryCache(),
    defaultOptions: { query: { fetchPolicy: 'no-cache' } },
  });
  return { client, onUnauthorized };
}

function serverError(status: number) {
  return new ServerError('failed', { response: new Response('', { status }), bodyText: '' });
}

describe('error link', () => {
  beforeEach(() => snackbarQueue.set([]));

  it('shows GraphQL errors in a red snackbar for 6 s', async () => {
    const { client } = clientAnswering(() => of({ errors: [{ message: 'Project not found' }] }));
    await expect(client.query({ query: QUERY })).rejects.toThrow();
    expect(snackbarQueue.get()).toMatchObject([
      { severity: 'error', text: 'Project not found', autoHideMs: ERROR_SNACKBAR_MS },
    ]);
  });

  it("says what a bare 'Not found' most likely means: deleted meanwhile, a stale page", async () => {
    const { client } = clientAnswering(() =>
      of({
        errors: [
          { message: 'Not found', extensions: { code: 'NOT_FOUND' } },
          { message: 'Basestation 1 not found', extensions: { code: 'NOT_FOUND' } },
        ],
      }),
    );
    await expect(client.query({ query: QUERY })).rejects.toThrow();
    expect(snackbarQueue.get().map((message) => message.text)).toEqual([
      `${NOT_FOUND_HINT}\nBasestation 1 not found`,
    ]);
  });

  it('reports connection issues at most once per 5 s', async () => {
    let time = 0;
    const { client } = clientAnswering(
      () => throwError(() => serverError(502)),
      () => time,
    );
    await expect(client.query({ query: QUERY })).rejects.toThrow();
    time = 4000;
    await expect(client.query({ query: QUERY })).rejects.toThrow();
    expect(snackbarQueue.get().map((message) => message.text)).toEqual([CONNECTION_ISSUE]);
    time = 5000;
    await expect(client.query({ query: QUERY })).rejects.toThrow();
    expect(snackbarQueue.get()).toHaveLength(2);
  });

  it('hands a 401 to onUnauthorized without a snackbar', async () => {
    const { client, onUnauthorized } = clientAnswering(() => throwError(() => serverError(401)));
    await expect(client.query({ query: QUERY })).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(snackbarQueue.get()).toEqual([]);
  });

  it('counts requests in flight until they settle', async () => {
    let release: (() => void) | undefined;
    const { client } = clientAnswering(
      () =>
        new Observable((observer) => {
          release = () => {
            observer.next({ data: { ping: 'pong' } });
            observer.complete();
          };
        }),
    );
    const pending = client.query({ query: QUERY });
    await vi.waitFor(() => expect(inFlightRequests.get()).toBe(1));
    release?.();
    await pending;
    expect(inFlightRequests.get()).toBe(0);
  });
});
