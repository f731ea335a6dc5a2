import type { Prng } from './prng.ts';

/** Ids of real rows (the caller's organization and another one) that forged ids mix with. */
export interface FuzzTargets {
  intIds: readonly number[];
  stringIds: readonly string[];
}

/** How often a value is one of the very large ones; keeps a run within its time budget. */
const HUGE_SHARE = 0.015;
const MEGABYTE = 1024 * 1024;

const NASTY_TEXTS = [
  '',
  ' ',
  '\t\n',
  '0',
  '-1',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '{"pipeline":[]}',
  '[{"type":"filters.range"}]',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '%',
  '_',
  '\\',
  '../../../etc/passwd',
  's3://bucket/../../key',
  // Loopback port 9 refuses at once: a connection test never waits or leaves the machine.
  'http://127.0.0.1:9/latest/meta-data/',
  'file:///etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}{{7*7}}',
  'a\u0000b',
  '\u0000',
  '😀🚀👩‍👩‍👧‍👦',
  'مرحبا بالعالم',
  '\u202eevil\u202c',
  'שלום',
  'Z̴̡͔̀a̸͉̓l̵̗̈́g̶̱̎o̷͓̕',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '1e309',
  'NaN',
  'Infinity',
  '2024-02-30T25:61:61Z',
  '10N',
  '99Z',
  'QA - OK',
  'LG-0001',
];

const NASTY_INTS = [
  0, -1, 1, 2, 7, 2_147_483_647, -2_147_483_648, 2_147_483_648, 9_007_199_254_740_991, -42,
];
const NASTY_FLOATS = [0, -0, 0.5, -1.5, 1e308, -1e308, 5e-324, 3.4e38, 123456789.123, 1e21];

/** Generates argument values of every kind, from plausible to hostile. */
export class ValueFactory {
  /** Set while filling a long list: its items stay short, so a request stays near 1 MB. */
  short = false;

  constructor(
    private readonly random: Prng,
    private readonly targets: FuzzTargets,
  ) {}

  /** A string of a length chosen up to about 1 MB, with unicode mixed in. */
  text(): string {
    const r = this.random;
    if (this.short)
      return r.chance(0.5) ? r.pick(NASTY_TEXTS) : String(r.pick(this.targets.stringIds));
    if (r.chance(HUGE_SHARE)) return this.huge();
    if (r.chance(0.45)) return r.pick(NASTY_TEXTS);
    if (r.chance(0.15)) return String(r.pick(this.targets.stringIds));
    if (r.chance(0.1)) return String(r.pick(this.targets.intIds));
    const length = r.pick([1, 3, 8, 40, 201, 2_001, 5_001, 70_000]);
    return this.repeatTo(r.pick(['a', 'Ab1 ', 'é', '😀', 'ש', '\u0000x', 'x_y-z ']), length);
  }

  huge(): string {
    const r = this.random;
    return this.repeatTo(
      r.pick(['x', '😀', 'ab\u0000', '{"a":['] as const),
      r.int(MEGABYTE / 4, MEGABYTE),
    );
  }

  id(): unknown {
    const r = this.random;
    if (r.chance(0.4)) return String(r.pick(this.targets.intIds));
    if (r.chance(0.2)) return r.pick(this.targets.stringIds);
    if (r.chance(0.1)) return r.pick(this.targets.intIds);
    return r.pick([
      '0',
      '-1',
      '1.5',
      '1e3',
      ' 7 ',
      '0x10',
      '99999999999999999999999',
      '2147483648',
      'abc',
      '00000000-0000-0000-0000-000000000000',
      ...NASTY_TEXTS,
    ]);
  }

  int(): unknown {
    const r = this.random;
    return r.chance(0.8) ? r.pick(NASTY_INTS) : r.int(-1000, 100_000);
  }

  float(): unknown {
    const r = this.random;
    return r.chance(0.8) ? r.pick(NASTY_FLOATS) : (r.next() - 0.5) * 10 ** r.int(0, 12);
  }

  boolean(): boolean {
    return this.random.chance(0.5);
  }

  dateTime(): unknown {
    return this.random.pick([
      '2024-04-01T08:00:00Z',
      '2024-04-01T09:00:00.000Z',
      '1970-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '+275760-09-13T00:00:00Z',
      '-200000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '0000-00-00',
      'yesterday',
      '',
      '2024-13-45T99:99:99Z',
    ]);
  }

  /** Any JSON value: GeoJSON-like shapes, deep and wide containers, odd scalars. */
  json(depth = 0): unknown {
    const r = this.random;
    const roll = r.next();
    // Wide containers stop at a small depth (a tree would grow without bound); nested() goes deep.
    if (depth > 3 || roll < 0.25 || this.short) return this.scalar();
    // A list of millions (about 4 MB of JSON, under the body limit) finds spreads into a call.
    if (r.chance(0.001)) return new Array<number>(r.int(1_000_000, 2_000_000)).fill(1);
    if (roll < 0.4) return this.geoJson();
    if (roll < 0.5) return this.nested(r.int(5, 40));
    if (roll < 0.55) return Array.from({ length: r.int(1_000, 20_000) }, () => r.int(-5, 5));
    if (roll < 0.75) {
      return Array.from({ length: r.int(0, 5) }, () => this.json(depth + 1));
    }
    const entries = Array.from({ length: r.int(0, 6) }, () => [
      r.pick(['type', 'coordinates', 'a', 'utm', 'pipeline', '__proto__', 'constructor', 'x y']),
      this.json(depth + 1),
    ]);
    return Object.fromEntries(entries);
  }

  scalar(): unknown {
    const r = this.random;
    return r.pick([
      () => this.text(),
      () => this.int(),
      () => this.float(),
      () => null,
      () => r.chance(0.5),
    ])();
  }

  geoJson(): unknown {
    const r = this.random;
    const coordinate = () => [this.float(), this.float()];
    return r.pick([
      { type: 'Point', coordinates: coordinate() },
      { type: 'Point', coordinates: [-123, 44] },
      { type: 'Point', coordinates: [-123, 44, 100] },
      { type: 'Point', coordinates: [] },
      { type: 'Point' },
      { type: 'LineString', coordinates: [coordinate(), coordinate()] },
      {
        type: 'LineString',
        coordinates: [
          [-123, 44],
          [-123.001, 44.001],
        ],
      },
      { type: 'LineString', coordinates: Array.from({ length: r.int(0, 5_000) }, coordinate) },
      { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: null }] },
      { type: 'Polygon', coordinates: [[coordinate()]] },
      { utm: '10N' },
    ]);
  }

  /** Arrays in arrays, to exercise depth limits and recursive parsing. */
  nested(levels: number): unknown {
    let value: unknown = 1;
    for (let i = 0; i < levels; i += 1) value = this.random.chance(0.5) ? [value] : { a: value };
    return value;
  }

  private repeatTo(unit: string, length: number): string {
    return unit.repeat(Math.max(1, Math.ceil(length / unit.length))).slice(0, length);
  }
}
