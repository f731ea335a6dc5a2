import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransferError } from '../../lib/transfer-error.ts';
import { graphqlUploadApi } from './graphql-upload-api.ts';
import { isRetryable } from './multipart-plan.ts';

describe('the upload API over GraphQL', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports an unreachable or failing server as a retryable transfer error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const unreachable = await graphqlUploadApi.partUrls('a.luxlz', 'u-1', [2]).catch((e) => e);
    expect(unreachable).toBeInstanceOf(TransferError);
    expect(isRetryable(unreachable)).toBe(true);

    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('bad gateway', { status: 502 })));
    const failing = await graphqlUploadApi.partUrls('a.luxlz', 'u-1', [2]).catch((e) => e);
    expect(isRetryable(failing)).toBe(true);
  });

  it("does not retry the server's own refusal", async () => {
    const refusal = { errors: [{ message: 'Not found' }], data: null };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json(refusal)));
    const refused = await graphqlUploadApi.partUrls('a.luxlz', 'u-1', [2]).catch((e) => e);
    expect(refused.message).toBe('Not found');
    expect(isRetryable(refused)).toBe(false);
  });
});
