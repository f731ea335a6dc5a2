import { describe, expect, it } from 'vitest';
import { listLoadFailed } from './table-texts.ts';

describe('listLoadFailed', () => {
  it('says the list failed when its query failed with nothing to show', () => {
    expect(listLoadFailed(new Error('offline'), undefined)).toBe(true);
  });

  it('keeps rows fetched before on screen through a failed refresh', () => {
    expect(listLoadFailed(new Error('offline'), { projects: [] })).toBe(false);
  });

  it('is not a failure while the query has not failed', () => {
    expect(listLoadFailed(undefined, undefined)).toBe(false);
  });
});
