import { describe, expect, it } from 'vitest';
import { ByteLruCache } from './byte-lru-cache.ts';

const cacheOf = (maxBytes: number) => new ByteLruCache<string>(maxBytes, (value) => value.length);

describe('byte-bounded LRU cache', () => {
  it('evicts the least recently used values once the bytes exceed the bound', () => {
    const cache = cacheOf(10);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa'); // a is now the most recent
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.get('c')).toBe('cccc');
    expect(cache.bytes).toBe(8);
  });

  it('does not keep a value larger than the bound, nor drop the others for it', () => {
    const cache = cacheOf(10);
    cache.set('a', 'aaaa');
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
  });

  it('counts a replaced value once and drops the keys a predicate names', () => {
    const cache = cacheOf(100);
    cache.set('1:1', 'aaaa');
    cache.set('1:1', 'bb');
    cache.set('1:2', 'cc');
    cache.set('2:1', 'dd');
    expect(cache.bytes).toBe(6);
    cache.deleteWhere((key) => key.startsWith('1:') && key !== '1:2');
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(4);
  });

  it('shares one load between callers asking at once, and caches its result', async () => {
    const cache = cacheOf(100);
    let loads = 0;
    let release: (value: string) => void = () => {};
    const load = () => {
      loads++;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const first = cache.getOrLoad('k', load);
    const second = cache.getOrLoad('k', load);
    release('value');
    expect(await Promise.all([first, second])).toEqual(['value', 'value']);
    expect(await cache.getOrLoad('k', load)).toBe('value');
    expect(loads).toBe(1);
  });

  it('keeps no failed load: the next caller loads again', async () => {
    const cache = cacheOf(100);
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.getOrLoad('k', async () => 'up')).toBe('up');
  });
});
