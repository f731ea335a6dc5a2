import { describe, expect, it } from 'vitest';
import { queryLongerThan } from './json-query-length.ts';

const LIMIT = 100;
const longer = (json: string, limit = LIMIT) => queryLongerThan(Buffer.from(json, 'utf8'), limit);
const body = (query: unknown, more: Record<string, unknown> = {}) =>
  JSON.stringify({ ...more, query });

describe('queryLongerThan', () => {
  it('measures the query in the units of the parsed string, up to the limit exactly', () => {
    expect(longer(body('a'.repeat(LIMIT)))).toBe(false);
    expect(longer(body('a'.repeat(LIMIT + 1)))).toBe(true);
    // Two bytes, one unit; four bytes, two units (a surrogate pair).
    expect(longer(body('é'.repeat(LIMIT)))).toBe(false);
    expect(longer(body('é'.repeat(LIMIT + 1)))).toBe(true);
    expect(longer(body('😀'.repeat(LIMIT / 2)))).toBe(false);
    expect(longer(body(`${'😀'.repeat(LIMIT / 2)}a`))).toBe(true);
    // Escapes are one unit each, however they are written.
    expect(longer(`{"query":"${'\\u0041'.repeat(LIMIT)}"}`)).toBe(false);
    expect(longer(`{"query":"${'\\u0041'.repeat(LIMIT + 1)}"}`)).toBe(true);
    expect(longer(`{"query":"${'\\n'.repeat(LIMIT + 1)}"}`)).toBe(true);
    expect(longer(body('"\\'.repeat(LIMIT / 2)))).toBe(false);
    expect(longer(body('"\\'.repeat(LIMIT / 2 + 1)))).toBe(true);
  });

  it('finds the top-level query after other members, not one inside them', () => {
    const nested = { variables: { query: 'x'.repeat(500), text: '{"query":"}' }, other: [1, '"'] };
    expect(longer(body('short', nested))).toBe(false);
    expect(longer(body('y'.repeat(LIMIT + 1), nested))).toBe(true);
    expect(longer(` \n{ "operationName" : null , "query" : "${'z'.repeat(LIMIT + 1)}" } `)).toBe(
      true,
    );
    // A key spelled with escapes is still `query` once parsed.
    expect(longer(`{"\\u0071uery":"${'q'.repeat(LIMIT + 1)}"}`)).toBe(true);
    // After a byte order mark.
    expect(longer(`\uFEFF${body('b'.repeat(LIMIT + 1))}`)).toBe(true);
  });

  it('leaves anything else to the parser', () => {
    for (const json of [
      '',
      '[]',
      '"query"',
      `{"query":${'9'.repeat(LIMIT + 1)}}`,
      body(['x'.repeat(LIMIT + 1)]),
      `{"query":"${'x'.repeat(LIMIT + 1)}`,
      `{"query" "${'x'.repeat(LIMIT + 1)}"}`,
      `{"a":{"b":1},"query":"${'x'.repeat(LIMIT + 1)}`,
      `{"a":{"b":1,"query":"${'x'.repeat(LIMIT + 1)}"}`,
    ]) {
      expect(longer(json), json.slice(0, 40)).toBe(false);
    }
  });

  it('agrees with JSON.parse on generated bodies', () => {
    const pieces = ['a', ' ', 'é', '😀', '"', '\\', '\n', '\u0001', '{', '}', '"query":', '\u2028'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 500; round += 1) {
      const text = (count: number) =>
        Array.from({ length: count }, () => pieces[random(pieces.length)]).join('');
      const members: Record<string, unknown> = { query: text(random(120)) };
      if (random(2)) members.variables = { query: text(random(200)), list: [text(5), random(9)] };
      const keys = Object.keys(members);
      if (random(2)) keys.reverse();
      const json = JSON.stringify(Object.fromEntries(keys.map((key) => [key, members[key]])));
      const parsed = JSON.parse(json) as { query: string };
      expect(longer(json), json).toBe(parsed.query.length > LIMIT);
    }
  });
});
