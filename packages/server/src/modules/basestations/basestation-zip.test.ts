import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { openPackage } from '../../device-packages/package-reader.ts';
import { readBasestationZip, storedRinexName } from './basestation-zip.ts';

const GNSS = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'gnss',
);
const fixture = (name: string) => readFileSync(path.join(GNSS, name));
const dir = mkdtempSync(path.join(tmpdir(), 'basestation-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** Writes a zip of the entries and reads it as a base station. */
async function readZip(entries: Record<string, Buffer | string>) {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const file = path.join(dir, `${++n}.zip`);
  writeFileSync(file, Buffer.concat(chunks));
  const pkg = await openPackage(file);
  try {
    return await readBasestationZip(pkg);
  } finally {
    pkg.close();
  }
}

describe('readBasestationZip', () => {
  it('reads the 3040 observation and navigation files', async () => {
    const contents = await readZip({
      '3040/30400920.05o': fixture('30400920.05o'),
      '3040/30400920.05n': fixture('30400920.05n'),
      'readme.txt': 'GEONET 3040',
      '__MACOSX/3040/._30400920.05o': 'resource fork',
    });
    expect(contents).toMatchObject({
      markerName: '3040',
      position: { x: -3978242.4348, y: 3382841.1715, z: 3649902.7667 },
      antennaHeight: 0,
      intervalSeconds: 30,
      rinexVersion: '2.10',
      epochCount: 120,
    });
    expect(contents.first.utc.toISOString()).toBe('2005-04-01T23:59:47.000Z');
    expect(contents.last.utc.toISOString()).toBe('2005-04-02T00:59:16.996Z');
    expect(
      contents.files.map(({ name, kind, rinexVersion, size }) => ({
        name,
        kind,
        rinexVersion,
        size,
      })),
    ).toEqual([
      { name: '30400920.05o', kind: 'observation', rinexVersion: '2.10', size: 74854 },
      { name: '30400920.05n', kind: 'navigation', rinexVersion: '2.10', size: 96480 },
    ]);
  });

  it('reads gzipped RINEX 3 files and takes the interval from the epochs when the header has none', async () => {
    const contents = await readZip({
      'GEOP092I.24o.gz': fixture('GEOP092I.24o.gz'),
      'HERT00GBR_R_20240920000_01D_GN.rnx.gz': fixture('HERT00GBR_R_20240920000_01D_GN.rnx.gz'),
    });
    expect(contents).toMatchObject({
      markerName: 'Geo++',
      rinexVersion: '3.03',
      intervalSeconds: 1,
      epochCount: 599,
    });
    expect(contents.files.map((f) => [f.name, f.kind, f.rinexVersion])).toEqual([
      ['GEOP092I.24o.gz', 'observation', '3.03'],
      ['HERT00GBR_R_20240920000_01D_GN.rnx.gz', 'navigation', '3.04'],
    ]);
  });

  it('refuses a zip without an observation file', async () => {
    await expect(readZip({ '30400920.05n': fixture('30400920.05n') })).rejects.toThrow(
      'The zip holds no RINEX observation file (.YYo, .obs or .rnx, optionally gzipped)',
    );
  });

  it('refuses a zip with only Hatanaka-compressed observations', async () => {
    await expect(
      readZip({ '30400920.05d': 'compact', '30400920.05n': fixture('30400920.05n') }),
    ).rejects.toThrow(
      '30400920.05d is Hatanaka-compressed RINEX, which is not read; decompress it (crx2rnx) and upload the RINEX observation file',
    );
  });

  it('refuses an observation file without APPROX POSITION', async () => {
    const text = fixture('30400920.05o')
      .toString('latin1')
      .split('\n')
      .filter((line) => !line.endsWith('APPROX POSITION XYZ'))
      .join('\n');
    await expect(readZip({ 'x.05o': text })).rejects.toThrow(
      "x.05o has no APPROX POSITION XYZ in its header; the base station's position is needed",
    );
  });

  it('refuses an observation file without epochs', async () => {
    const header = fixture('30400920.05o').toString('latin1').split('\n').slice(0, 17).join('\n');
    await expect(readZip({ 'x.05o': `${header}\n` })).rejects.toThrow(
      'x.05o holds no observation epochs',
    );
  });

  it('refuses an unreadable header, naming the file and the line', async () => {
    await expect(readZip({ 'base.05o': 'garbage\n' })).rejects.toThrow(
      "base.05o line 1: not a RINEX file (the first line is not 'RINEX VERSION / TYPE')",
    );
  });

  it('refuses observation files of two stations and two files of one name', async () => {
    await expect(
      readZip({ 'a.05o': fixture('30400920.05o'), 'b.05o': fixture('07590920.05o') }),
    ).rejects.toThrow(/several stations \(3040 and 0759\)/);
    await expect(
      readZip({
        'a/30400920.05o': fixture('30400920.05o'),
        'b/30400920.05o': fixture('30400920.05o'),
      }),
    ).rejects.toThrow(
      'The zip holds two RINEX files named 30400920.05o (a/30400920.05o and b/30400920.05o); keep one',
    );
  });
});

describe('storedRinexName', () => {
  it('keeps a safe base name and replaces other characters', () => {
    expect(storedRinexName('dir/30400920.05o')).toBe('30400920.05o');
    expect(storedRinexName('base station (1).05o')).toBe('base_station__1_.05o');
    expect(storedRinexName('.hidden.05o')).toBe('_hidden.05o');
  });
});
