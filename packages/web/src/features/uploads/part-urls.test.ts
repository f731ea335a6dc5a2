import { describe, expect, it } from 'vitest';
import { PART_URL_MAX_AGE_MS, PART_URLS_PER_CALL, PartUrls } from './part-urls.ts';
import type { PartUrl } from './upload-api.ts';

function signer() {
  const calls: number[][] = [];
  let version = 0;
  const sign = async (numbers: number[]): Promise<PartUrl[]> => {
    calls.push(numbers);
    version += 1;
    return numbers.map((partNumber) => ({ partNumber, signedUrl: `u${partNumber}v${version}` }));
  };
  return { calls, sign };
}

describe('PartUrls', () => {
  it('answers known URLs without signing', async () => {
    const { calls, sign } = signer();
    const urls = new PartUrls(() => 0, sign);
    urls.add([{ partNumber: 1, signedUrl: 'first' }]);
    expect(await urls.get(1, false, [2, 3])).toBe('first');
    expect(calls).toEqual([]);
  });

  it('signs a missing part with the next ones waiting, up to the batch size', async () => {
    const { calls, sign } = signer();
    const urls = new PartUrls(() => 0, sign);
    const upcoming = Array.from({ length: 50 }, (_, i) => i + 2);
    expect(await urls.get(1, false, upcoming)).toBe('u1v1');
    expect(calls).toEqual([Array.from({ length: PART_URLS_PER_CALL }, (_, i) => i + 1)]);
    expect(await urls.get(2, false, upcoming.slice(1))).toBe('u2v1');
    expect(calls).toHaveLength(1);
  });

  it('waits for a part being signed instead of signing it twice', async () => {
    const { calls, sign } = signer();
    const urls = new PartUrls(() => 0, sign);
    const [one, two] = await Promise.all([urls.get(1, false, [2, 3]), urls.get(2, false, [3])]);
    expect([one, two]).toEqual(['u1v1', 'u2v1']);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('signs again on renewal and once a URL is old', async () => {
    const { calls, sign } = signer();
    let clock = 0;
    const urls = new PartUrls(() => clock, sign);
    urls.add([
      { partNumber: 1, signedUrl: 'first' },
      { partNumber: 2, signedUrl: 'second' },
    ]);
    expect(await urls.get(1, true)).toBe('u1v1');
    clock = PART_URL_MAX_AGE_MS;
    expect(await urls.get(2, false)).toBe('u2v2');
    expect(calls).toEqual([[1], [2]]);
  });

  it('fails when the server signs no URL for the part', async () => {
    const urls = new PartUrls(
      () => 0,
      async () => [],
    );
    await expect(urls.get(7, false)).rejects.toThrow('No upload URL for part 7');
  });

  it('signs a part again when the call it waited for failed', async () => {
    let calls = 0;
    const urls = new PartUrls(
      () => 0,
      async (numbers) => {
        calls += 1;
        if (calls === 1) throw new Error('unreachable');
        return numbers.map((partNumber) => ({ partNumber, signedUrl: `ok${partNumber}` }));
      },
    );
    const first = urls.get(1, false, [2]);
    const second = urls.get(2, false);
    await expect(first).rejects.toThrow('unreachable');
    expect(await second).toBe('ok2');
    expect(await urls.get(1, false)).toBe('ok1');
    expect(calls).toBe(3);
  });
});
