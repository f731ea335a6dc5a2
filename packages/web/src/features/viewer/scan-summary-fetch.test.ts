import { encodeScanSummary, scanSummaryPath } from '@asset-portal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inFlightRequests } from '../../graphql/in-flight-link.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { fetchScanSummary } from './scan-summary-fetch.ts';

const doc = encodeScanSummary(5, [
  {
    id: 'SC-1',
    friendlyName: 'Main street',
    sessionId: 'S-1',
    assignmentType: 'Device',
    deviceId: 'LG-1',
    type: 'mobile',
    tags: [],
    comment: null,
    capturedTimestamp: '2025-01-01T00:00:00.000Z',
    path: [
      [1, 2],
      [1.5, 2.5],
    ],
    artifacts: [{ id: 3, artifactType: 'pointcloud', name: 'v1', status: 'final' }],
  },
]);

function answer(status: number, body: unknown, etag?: string) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...(etag ? { etag } : {}) },
  });
}

describe('loading the project summary', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('GETs the project route with the session cookie and decodes the scans', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, doc, 'W/"a"'));
    vi.stubGlobal('fetch', fetch);
    const result = await fetchScanSummary('5', new AbortController().signal);
    expect(fetch).toHaveBeenCalledWith(
      scanSummaryPath('5'),
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    expect(result.kind === 'loaded' && result.scans.map((s) => [s.id, s.projectId])).toEqual([
      ['SC-1', '5'],
    ]);
    expect(inFlightRequests.get()).toBe(0);
  });

  it('hands back the same scans for the same ETag without reading the body again', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(200, doc, 'W/"same"')));
    const first = await fetchScanSummary('6', new AbortController().signal);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(200, 'not a summary', 'W/"same"')));
    const second = await fetchScanSummary('6', new AbortController().signal);
    if (first.kind !== 'loaded' || second.kind !== 'loaded') throw new Error('not loaded');
    expect(second.scans).toBe(first.scans);
  });

  it("shows the server's refusal, and the connection issue when there is no answer", async () => {
    const error = vi.spyOn(snackbar, 'error').mockImplementation(() => {});
    const warning = vi.spyOn(snackbar, 'warning').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(404, { error: 'Not found' })));
    expect(await fetchScanSummary('7', new AbortController().signal)).toEqual({ kind: 'failed' });
    expect(error).toHaveBeenCalledWith('Not found');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await fetchScanSummary('7', new AbortController().signal)).toEqual({ kind: 'failed' });
    expect(warning).toHaveBeenCalledOnce();
    expect(inFlightRequests.get()).toBe(0);
  });
});
