import { describe, expect, it } from 'vitest';
import {
  emptyHelmert,
  HELMERT_EXAMPLE,
  HELMERT_FORM_FIELDS,
  HELMERT_NUMBER_KEYS,
  helmertJsonSchema,
  isEmptyHelmert,
  parseHelmertJson,
} from './helmert.ts';

describe('Helmert parameters', () => {
  it('defaults every number to 0', () => {
    const empty = emptyHelmert();
    expect(empty.name).toBe('');
    for (const key of HELMERT_NUMBER_KEYS) expect(empty[key]).toBe(0);
    expect(isEmptyHelmert(empty)).toBe(true);
  });

  it('ships the NRCan ITRF2008 to NAD83(CSRS) example at epoch 2010', () => {
    expect(HELMERT_EXAMPLE.name).toBe('ITRF08 to NAD83(CSRS)');
    expect(HELMERT_EXAMPLE.reference_year).toBe(2010);
    // Consistent with EPSG:8264, published at epoch 1997: values + 13 years of rates.
    expect(0.99343 + 13 * HELMERT_EXAMPLE.d_Dx).toBeCloseTo(HELMERT_EXAMPLE.Dx, 5);
    expect(-1.90331 + 13 * HELMERT_EXAMPLE.d_Dy).toBeCloseTo(HELMERT_EXAMPLE.Dy, 5);
    expect(-0.52655 + 13 * HELMERT_EXAMPLE.d_Dz).toBeCloseTo(HELMERT_EXAMPLE.Dz, 5);
    expect(-25.91467 + 13 * HELMERT_EXAMPLE.d_Rx).toBeCloseTo(HELMERT_EXAMPLE.Rx, 5);
    expect(-9.42645 + 13 * HELMERT_EXAMPLE.d_Ry).toBeCloseTo(HELMERT_EXAMPLE.Ry, 5);
    expect(-11.59935 + 13 * HELMERT_EXAMPLE.d_Rz).toBeCloseTo(HELMERT_EXAMPLE.Rz, 5);
    expect(Object.isFrozen(HELMERT_EXAMPLE)).toBe(true);
  });

  it('labels all sixteen form fields', () => {
    expect(HELMERT_FORM_FIELDS).toHaveLength(16);
    expect(new Set(HELMERT_FORM_FIELDS.map((f) => f.key)).size).toBe(16);
  });

  it('parses stored JSON, filling missing numbers with 0', () => {
    const parsed = parseHelmertJson('{"name":"t","Dx":"1.5","M":2}');
    expect(parsed).toMatchObject({ name: 't', Dx: 1.5, M: 2, Dy: 0, reference_year: 0 });
    expect(parseHelmertJson('{"Dx":"abc"}')).toBeNull();
    expect(parseHelmertJson('not json')).toBeNull();
    expect(parseHelmertJson('')).toBeNull();
  });

  it('normalizes the project field', () => {
    expect(helmertJsonSchema.parse('')).toBeNull();
    expect(helmertJsonSchema.parse(null)).toBeNull();
    const text = helmertJsonSchema.parse(JSON.stringify(HELMERT_EXAMPLE));
    expect(JSON.parse(text ?? '')).toEqual(HELMERT_EXAMPLE);
    expect(helmertJsonSchema.safeParse('{"Dx": "x"}').success).toBe(false);
  });
});
