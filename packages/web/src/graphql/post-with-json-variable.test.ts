import type { TypedDocumentNode } from '@apollo/client';
import { parse } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postWithJsonVariable } from './post-with-json-variable.ts';

// An untyped document whose variables are the ones each test sends.
const MUTATION = parse('mutation M { ok }') as TypedDocumentNode<
  { ok: boolean },
  { name?: string; vendorId?: string | null; source: string }
>;

describe('postWithJsonVariable', () => {
  afterEach(() => vi.unstubAllGlobals());

  const stubFetch = (answer: unknown, status = 200) => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => ({
      ok: status < 400,
      status,
      json: async () => answer,
    }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('sends a body that parses to the query and every variable, the encoded one included', async () => {
    const fetch = stubFetch({ data: { ok: true } });
    const source = { type: 'FeatureCollection', features: [{ name: 'a "quoted" \\ name' }] };
    const text = JSON.stringify(source);
    await postWithJsonVariable(
      MUTATION,
      { name: 'n', vendorId: null },
      {
        name: 'source',
        json: new TextEncoder().encode(JSON.stringify(text)),
      },
    );
    const body = JSON.parse(await (fetch.mock.calls[0]![1].body as Blob).text());
    expect(body).toEqual({
      query: 'mutation M {\n  ok\n}',
      variables: { name: 'n', vendorId: null, source: text },
    });
  });

  it('works with no other variables, and throws the server message on a GraphQL error', async () => {
    const fetch = stubFetch({ errors: [{ message: 'Layer name taken' }] });
    await expect(
      postWithJsonVariable(MUTATION, {}, { name: 'source', json: '"x"' }),
    ).rejects.toThrow('Layer name taken');
    const body = JSON.parse(await (fetch.mock.calls[0]![1].body as Blob).text());
    expect(body.variables).toEqual({ source: 'x' });
  });
});
