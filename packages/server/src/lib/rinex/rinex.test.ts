import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readObservationEpochs, readRinexSummary } from './rinex-epochs.ts';
import {
  classifyRinexFileName,
  openRinexFile,
  RinexFormatError,
  RinexLineReader,
  rinexDigest,
} from './rinex-files.ts';
import { isNavigationHeader, isObservationHeader, readRinexHeader } from './rinex-header.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'gnss',
);
const fixture = (name: string) => path.join(FIXTURES, name);
const BASE_OBS = fixture('30400920.05o');

/** A reader over text (or bytes) in memory, named like a file. */
const readerOf = (name: string, content: string | Buffer) =>
  new RinexLineReader(name, Readable.from([Buffer.from(content)]));

/** The fixture's lines with `edit` applied (lines are 0-based). */
function editedBaseObs(edit: (lines: string[]) => string[]): string {
  return edit(readFileSync(BASE_OBS, 'latin1').split('\n')).join('\n');
}

describe('classifyRinexFileName', () => {
  it.each([
    ['30400920.05o', 'observation'],
    ['site/30400920.05O', 'observation'],
    ['30400920.05o.gz', 'observation'],
    ['base.obs', 'observation'],
    ['GEOP00FRA_R_20240920831_10M_01S_MO.rnx', 'observation'],
    ['30400920.05n', 'navigation'],
    ['30400920.05g', 'navigation'],
    ['30400920.05l.gz', 'navigation'],
    ['base.nav', 'navigation'],
    ['HERT00GBR_R_20240920000_01D_GN.rnx.gz', 'navigation'],
    ['base.rnx', 'rinex'],
    ['30400920.05d', 'hatanaka'],
    ['30400920.05d.gz', 'hatanaka'],
    ['GEOP00FRA_R_20240920831_10M_01S_MO.crx.gz', 'hatanaka'],
    ['readme.txt', 'other'],
    ['30400920.05m', 'other'],
    ['photo.jpg', 'other'],
  ])('%s is %s', (name, kind) => {
    expect(classifyRinexFileName(name)).toBe(kind);
  });
});

describe('RINEX 2.10 fixtures (GSI GEONET 3040 and 0759)', () => {
  it('reads the observation header of 3040', async () => {
    const reader = openRinexFile(BASE_OBS);
    const header = await readRinexHeader(reader);
    reader.close();
    expect(header).toMatchObject({
      version: 2.1,
      versionText: '2.10',
      fileType: 'O',
      satelliteSystem: 'G',
      markerName: '3040',
      approxPosition: { x: -3978242.4348, y: 3382841.1715, z: 3649902.7667 },
      antennaDelta: { height: 0, east: 0, north: 0 },
      intervalSeconds: 30,
      timeSystem: 'GPS',
      lastObs: null,
      observationTypes: ['L1', 'C1', 'L2', 'P2'],
      lineCount: 17,
    });
    expect(isObservationHeader(header)).toBe(true);
    expect(header.firstObs).toMatchObject({
      year: 2005,
      month: 4,
      day: 2,
      hour: 0,
      minute: 0,
      second: 0,
      timeSystem: 'GPS',
      gpsSeconds: 796435200,
    });
    // GPS − UTC was 13 s in 2005 (the leap second to 14 s came on 2006-01-01).
    expect(header.firstObs?.utc.toISOString()).toBe('2005-04-01T23:59:47.000Z');
  });

  it('reads the first and last epoch and counts the epochs of 3040, skipping the trailing event record', async () => {
    const { header, epochs } = await readRinexSummary(openRinexFile(BASE_OBS));
    expect(header.markerName).toBe('3040');
    expect(epochs).toMatchObject({ epochCount: 120 });
    expect(epochs?.first).toMatchObject({ hour: 0, minute: 0, second: 0, gpsSeconds: 796435200 });
    // The receiver wrote the last epoch 4 ms before 00:59:30.
    expect(epochs?.last).toMatchObject({ hour: 0, minute: 59, second: 29.996 });
    expect(epochs?.last?.gpsSeconds).toBeCloseTo(796435200 + 3569.996, 6);
    expect(epochs?.last?.utc.toISOString()).toBe('2005-04-02T00:59:16.996Z');
    expect(epochs?.shortestStepSeconds).toBeCloseTo(30, 2);
  });

  it('reads 0759 (rover) the same way', async () => {
    const { header, epochs } = await readRinexSummary(openRinexFile(fixture('07590920.05o')));
    expect(header.markerName).toBe('0759');
    expect(header.approxPosition).toEqual({ x: -3976219.5082, y: 3382372.5671, z: 3652512.9849 });
    expect(epochs?.epochCount).toBe(120);
    expect(epochs?.first?.utc.toISOString()).toBe('2005-04-01T23:59:47.000Z');
    expect(epochs?.last?.second).toBe(30.005);
  });

  it('reads the GPS navigation header of 3040', async () => {
    const { header, epochs } = await readRinexSummary(openRinexFile(fixture('30400920.05n')));
    expect(header).toMatchObject({
      versionText: '2.10',
      fileType: 'N',
      satelliteSystem: 'G',
      markerName: null,
      approxPosition: null,
      lineCount: 12,
    });
    expect(isNavigationHeader(header)).toBe(true);
    expect(epochs).toBeNull();
  });
});

describe('RINEX 3 fixtures (gzipped)', () => {
  it('reads the 3.03 mixed observation file of a phone, skipping its event-flag-2 record', async () => {
    const { header, epochs } = await readRinexSummary(openRinexFile(fixture('GEOP092I.24o.gz')));
    expect(header).toMatchObject({
      versionText: '3.03',
      fileType: 'O',
      satelliteSystem: 'M',
      markerName: 'Geo++',
      approxPosition: { x: 4199885.7119, y: 164693.9085, z: 4781345.1225 },
      intervalSeconds: null,
      timeSystem: 'GPS',
      lineCount: 35,
    });
    expect(header.observationTypesBySystem.G).toEqual([
      'C1C',
      'L1C',
      'D1C',
      'S1C',
      'C5Q',
      'L5Q',
      'D5Q',
      'S5Q',
    ]);
    expect(header.observationTypesBySystem.E).toHaveLength(12);
    expect(header.firstObs).toMatchObject({ hour: 8, minute: 31, second: 16.4427602 });
    // 600 epoch records, the first an event (flag 2, no satellites): 599 carry observations.
    expect(epochs?.epochCount).toBe(599);
    expect(epochs?.first).toMatchObject({ hour: 8, minute: 31, second: 16.4427602 });
    expect(epochs?.last).toMatchObject({ hour: 8, minute: 41, second: 14.4427629 });
    // 2024: GPS − UTC = 18 s.
    expect(epochs?.last?.utc.toISOString()).toBe('2024-04-01T08:40:56.442Z');
    expect(epochs?.shortestStepSeconds).toBe(1);
  });

  it('reads the 3.04 GPS navigation header', async () => {
    const { header } = await readRinexSummary(
      openRinexFile(fixture('HERT00GBR_R_20240920000_01D_GN.rnx.gz')),
    );
    expect(header).toMatchObject({ versionText: '3.04', fileType: 'N', satelliteSystem: 'G' });
    expect(isNavigationHeader(header)).toBe(true);
  });
});

describe('rinexDigest', () => {
  const bytes = readFileSync(BASE_OBS);
  const digestOf = (name: string, content: Buffer) =>
    rinexDigest(name, Readable.from([content.subarray(0, 1000), content.subarray(1000)]));

  it('is the digest of the text, whether the file comes gzipped or plain', async () => {
    const plain = await digestOf('30400920.05o', bytes);
    expect(plain).toMatch(/^[0-9a-f]{64}$/);
    expect(await digestOf('30400920.05o.gz', gzipSync(bytes))).toBe(plain);
    expect(await digestOf('30400920.05o', Buffer.from(editedBaseObs((l) => l.slice(1))))).not.toBe(
      plain,
    );
  });

  it('is null for a broken gzip', async () => {
    expect(await digestOf('30400920.05o.gz', gzipSync(bytes).subarray(0, 500))).toBeNull();
    expect(await digestOf('30400920.05o.gz', bytes)).toBeNull();
  });
});

describe('RINEX 2 record layout', () => {
  /** A RINEX 2.11 file with 7 observation types (2 lines a satellite) and 14 satellites. */
  function longRecords(): string {
    const pad = (text: string, label: string) => `${text.padEnd(60)}${label}`;
    const sats = Array.from({ length: 14 }, (_, i) => `G${String(i + 1).padStart(2, '0')}`);
    const epoch = (second: number, flag = 0) =>
      [
        ` 11  3 24 10  0${second.toFixed(7).padStart(11)}  ${flag}${String(14).padStart(3)}${sats.slice(0, 12).join('')}`,
        `${' '.repeat(32)}${sats.slice(12).join('')}`,
        ...sats.flatMap(() => [
          '  20000000.000    20000001.000    20000002.000    20000003.000    20000004.000',
          '  20000005.000    20000006.000',
        ]),
      ].join('\n');
    return [
      pad('     2.11           OBSERVATION DATA    G (GPS)', 'RINEX VERSION / TYPE'),
      pad('LONG', 'MARKER NAME'),
      pad('  1000000.0000  2000000.0000  3000000.0000', 'APPROX POSITION XYZ'),
      pad('     7    L1    L2    C1    P1    P2    D1    D2', '# / TYPES OF OBSERV'),
      pad('  2011     3    24    10     0    0.0000000     GPS', 'TIME OF FIRST OBS'),
      pad('', 'END OF HEADER'),
      epoch(0),
      // An event (new site occupation, flag 3) with one header line, then a power failure (1).
      ` 11  3 24 10  0 15.0000000  3  1`,
      pad('MOVED', 'MARKER NAME'),
      epoch(30, 1),
      epoch(45, 6),
      epoch(50),
      '',
    ].join('\n');
  }

  it('skips continuation lines of satellites and observations, events and cycle slips', async () => {
    const { header, epochs } = await readRinexSummary(readerOf('long.11o', longRecords()));
    expect(header.observationTypes).toEqual(['L1', 'L2', 'C1', 'P1', 'P2', 'D1', 'D2']);
    expect(epochs).toMatchObject({ epochCount: 3, shortestStepSeconds: 20 });
    expect(epochs?.first).toMatchObject({ year: 2011, second: 0 });
    expect(epochs?.last).toMatchObject({ minute: 0, second: 50 });
  });
});

describe('time systems', () => {
  const header = (system: string) =>
    editedBaseObs((lines) =>
      lines.map((line) =>
        line.endsWith('TIME OF FIRST OBS')
          ? `${line.slice(0, 48)}${system}${line.slice(51)}`
          : line,
      ),
    );

  it('reads GLONASS (UTC) and BeiDou epochs into GPS seconds', async () => {
    const glo = await readRinexSummary(readerOf('glo.05o', header('GLO')));
    expect(glo.header.timeSystem).toBe('GLO');
    expect(glo.epochs?.first?.utc.toISOString()).toBe('2005-04-02T00:00:00.000Z');
    expect(glo.epochs?.first?.gpsSeconds).toBe(796435200 + 13);
    const bdt = await readRinexSummary(readerOf('bdt.05o', header('BDT')));
    expect(bdt.epochs?.first?.gpsSeconds).toBe(796435200 + 14);
  });

  it('refuses an unknown time system', async () => {
    await expect(readRinexSummary(readerOf('x.05o', header('XYZ')))).rejects.toThrow(
      "x.05o line 16: unknown time system 'XYZ' in TIME OF FIRST OBS",
    );
  });
});

describe('broken input', () => {
  it('refuses a header without END OF HEADER, naming the file and the line', async () => {
    const cut = editedBaseObs((lines) => lines.slice(0, 16));
    const error = await readRinexSummary(readerOf('cut.05o', cut)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RinexFormatError);
    expect((error as Error).message).toBe('cut.05o line 16: the header ends without END OF HEADER');
  });

  it('refuses a file that is not RINEX', async () => {
    await expect(readRinexSummary(readerOf('notes.05o', 'hello\nworld\n'))).rejects.toThrow(
      "notes.05o line 1: not a RINEX file (the first line is not 'RINEX VERSION / TYPE')",
    );
    await expect(readRinexSummary(readerOf('empty.05o', ''))).rejects.toThrow(
      'empty.05o line 1: the file is empty',
    );
  });

  it('refuses binary garbage without reading it all', async () => {
    const garbage = Buffer.alloc(64 * 1024, 0x41);
    await expect(readRinexSummary(readerOf('garbage.05o', garbage))).rejects.toThrow(
      /garbage\.05o line 1: a line is longer than 4096 characters; not a RINEX file/,
    );
  });

  it('refuses a RINEX 4 file', async () => {
    const v4 = editedBaseObs(([first, ...rest]) => [`     4.00${first!.slice(9)}`, ...rest]);
    await expect(readRinexSummary(readerOf('v4.rnx', v4))).rejects.toThrow(
      'v4.rnx line 1: RINEX version 4.00 is not supported; only RINEX 2 and 3 are read',
    );
  });

  it('refuses an observation file with a broken epoch line', async () => {
    // Line 28 (index 27) is the second epoch line, after the first epoch's 9 satellites.
    const broken = editedBaseObs((lines) =>
      lines.map((line, i) => (i === 27 ? ` 05  4  2  0  0 3x.0000000  0  9G 3G` : line)),
    );
    await expect(readRinexSummary(readerOf('broken.05o', broken))).rejects.toThrow(
      'broken.05o line 28: broken epoch record: " 05  4  2  0  0 3x.0000000  0  9G 3G"',
    );
  });

  it('refuses an observation file cut inside an epoch', async () => {
    const cut = editedBaseObs((lines) => lines.slice(0, 20));
    await expect(readRinexSummary(readerOf('cut.05o', cut))).rejects.toThrow(
      /^cut\.05o line 20: the file ends \d+ line\(s\) short of the epoch record announcing 9 satellite\(s\) \(a truncated file or a wrong count\)$/,
    );
  });

  it('quotes a broken epoch line with its control and binary bytes masked, cut to 80 characters', async () => {
    const garbage = `\u0000\u0007${'\u00ff'.repeat(200)}`;
    const broken = editedBaseObs((lines) => lines.map((line, i) => (i === 27 ? garbage : line)));
    const error = await readRinexSummary(readerOf('bin.05o', broken)).catch((e: Error) => e);
    expect((error as Error).message).toBe(
      `bin.05o line 28: broken epoch record: "${'?'.repeat(80)}…"`,
    );
  });

  it('refuses epochs spread over more than a month (a forged file would match years of sessions)', async () => {
    // The last epoch moves to 2079: the file would claim a 74-year window.
    const spread = editedBaseObs((lines) => {
      const epochs = lines.flatMap((line, i) => (/^ 05 {2}4 {2}2/.test(line) ? [i] : []));
      const last = epochs.at(-1)!;
      return lines.map((line, i) => (i === last ? ` 79${line.slice(3)}` : line));
    });
    await expect(readRinexSummary(readerOf('spread.05o', spread))).rejects.toThrow(
      /^spread\.05o line \d+: the epochs span \d+ days \(2005-04-01 to 2079-04-02\); an observation file covers at most 31 days$/,
    );
  });

  it('refuses a gzip name whose bytes are not gzip', async () => {
    await expect(
      readRinexSummary(readerOf('fake.05o.gz', 'not compressed at all')),
    ).rejects.toThrow(/fake\.05o\.gz: not a readable gzip file/);
  });

  it('stops reading past the byte limit', async () => {
    const reader = new RinexLineReader('big.05o', Readable.from([readFileSync(BASE_OBS)]), {
      maxBytes: 1000,
    });
    await expect(readRinexSummary(reader)).rejects.toThrow(
      'big.05o: more than 1000 bytes of text; not a RINEX file (or a compression bomb)',
    );
  });

  it('reads the same file gzipped in memory', async () => {
    const zipped = gzipSync(readFileSync(BASE_OBS));
    const { epochs } = await readRinexSummary(readerOf('30400920.05o.gz', zipped));
    expect(epochs?.epochCount).toBe(120);
  });

  it('refuses epochs of a navigation file', async () => {
    const reader = openRinexFile(fixture('30400920.05n'));
    const header = await readRinexHeader(reader);
    await expect(readObservationEpochs(reader, header)).rejects.toThrow(
      "30400920.05n line 1: not an observation file (RINEX type 'N')",
    );
    reader.close();
  });
});
