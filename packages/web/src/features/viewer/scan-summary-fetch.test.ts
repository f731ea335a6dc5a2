import { encodeScanSummary, scanSummaryPath } from '@asset-portal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inFlightRequests } from '../../graphql/in-flight-link.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { loadMapController } from '../map/map-loader.ts';
import { toMercator } from '../map/scan-path-geometry.ts';
import { setCurrentProject } from '../projects/current-project-store.ts';
import { fetchScanSummary, loadScanSummary, mountSummaryLoader } from './scan-summary-fetch.ts';

vi.mock('../map/map-loader.ts', () => ({ loadMapController: vi.fn(() => Promise.resolve({})) }));

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
    // The path as lon, lat numbers, and already in Web Mercator for the map.
    const [scan] = result.kind === 'loaded' ? result.scans : [];
    expect([...(scan?.path ?? [])]).toEqual([1, 2, 1.5, 2.5]);
    expect([...(scan?.mercator ?? [])]).toEqual([...toMercator(1, 2), ...toMercator(1.5, 2.5)]);
    expect(inFlightRequests.get()).toBe(0);
  });

  it("marks each stage of the reading on the page's timeline, in order, before the answer", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(200, doc, 'W/"marks"')));
    performance.clearMarks();
    const requested = performance.now();
    await fetchScanSummary('11', new AbortController().signal);
    const stages = ['headers', 'body', 'parsed', 'scans', 'projected', 'received'];
    const times = stages.map(
      (stage) => performance.getEntriesByName(`viewer:summary-${stage}`, 'mark')[0]?.startTime,
    );
    expect(times.every((time) => time !== undefined && time >= requested)).toBe(true);
    expect(times).toEqual([...(times as number[])].sort((a, b) => a - b));
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
    const warning = vi.spyOn(snackbar, 'connectionIssue').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(404, { error: 'Not found' })));
    expect(await fetchScanSummary('7', new AbortController().signal)).toEqual({ kind: 'failed' });
    expect(error).toHaveBeenCalledWith('Not found');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await fetchScanSummary('7', new AbortController().signal)).toEqual({ kind: 'failed' });
    expect(warning).toHaveBeenCalledOnce();
    expect(inFlightRequests.get()).toBe(0);
  });
});

describe('a project chosen while the Scans screen is shown', () => {
  afterEach(() => {
    setCurrentProject(null);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("starts loading its summary and the map's code at once; the screen takes that load", async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, doc, 'W/"chosen"'));
    vi.stubGlobal('fetch', fetch);
    const unmount = mountSummaryLoader();
    try {
      setCurrentProject('8');
      expect(fetch).toHaveBeenCalledOnce();
      expect(fetch.mock.calls[0]?.[0]).toContain(scanSummaryPath('8'));
      expect(loadMapController).toHaveBeenCalled();
      const result = await loadScanSummary('8');
      expect(fetch).toHaveBeenCalledOnce();
      expect(result.kind === 'loaded' && result.scans.map((s) => s.id)).toEqual(['SC-1']);
    } finally {
      unmount();
    }
  });

  it('abandons the load of a project left for another, quietly', async () => {
    const warning = vi.spyOn(snackbar, 'connectionIssue').mockImplementation(() => {});
    const fetch = vi.fn((url: string, init: RequestInit) =>
      url.includes(scanSummaryPath('9'))
        ? new Promise<Response>((_, reject) =>
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('The request was abandoned', 'AbortError')),
            ),
          )
        : Promise.resolve(answer(200, doc, 'W/"ten"')),
    );
    vi.stubGlobal('fetch', fetch);
    const left = loadScanSummary('9');
    const chosen = loadScanSummary('10');
    expect(await left).toEqual({ kind: 'failed' });
    expect((await chosen).kind).toBe('loaded');
    expect(warning).not.toHaveBeenCalled();
  });
});
