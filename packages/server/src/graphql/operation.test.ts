import { TEXT_HAS_NUL, TEXT_NOT_UNICODE } from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import { unstorableText } from './operation.ts';

describe('unstorableText', () => {
  it('finds U+0000 in any text of the arguments, JSON values and keys included', () => {
    expect(unstorableText({ name: 'a\u0000b' })).toBe(TEXT_HAS_NUL);
    expect(unstorableText({ tags: ['ok', '\u0000'] })).toBe(TEXT_HAS_NUL);
    expect(unstorableText({ metadata: { deep: [{ note: 'x\u0000' }] } })).toBe(TEXT_HAS_NUL);
    expect(unstorableText({ metadata: { 'k\u0000': 1 } })).toBe(TEXT_HAS_NUL);
  });

  it('finds a lone surrogate, high or low', () => {
    expect(unstorableText({ payload: ['\ud800'] })).toBe(TEXT_NOT_UNICODE);
    expect(unstorableText({ name: 'x\udfffy' })).toBe(TEXT_NOT_UNICODE);
    expect(unstorableText({ name: '😀'.slice(0, 1) })).toBe(TEXT_NOT_UNICODE);
  });

  it('walks a list of millions of items without overflowing the stack', () => {
    const coordinates = new Array<number>(3_000_000).fill(1);
    expect(unstorableText({ line: coordinates })).toBeNull();
  });

  it('lets every other text through, emoji, right-to-left and escapes included', () => {
    const args = { name: '😀👩‍👩‍👧‍👦 שלום \\u0000 \u0001', at: new Date(0), n: 0, b: null };
    expect(unstorableText(args)).toBeNull();
  });
});
