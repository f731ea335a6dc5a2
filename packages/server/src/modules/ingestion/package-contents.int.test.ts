import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { openPackage } from '../../device-packages/package-reader.ts';
import { checkPointCloudEntry } from './package-contents.ts';

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/fixtures'),
  'pointcloud',
);
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const work = await mkdtemp(path.join(tmpdir(), 'package-contents-'));
afterAll(() => rm(work, { recursive: true, force: true }));

let packages = 0;
/** A package holding `data` as scans/s1/pointcloud.laz, stored or deflated. */
async function packageWith(data: Buffer, compress: boolean) {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('{}'), 'manifest.json');
  zip.addBuffer(data, 'scans/s1/pointcloud.laz', { compress });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const file = path.join(work, `package-${++packages}.luxlz`);
  await writeFile(file, Buffer.concat(chunks));
  return openPackage(file);
}

async function check(data: Buffer, compress: boolean) {
  const pkg = await packageWith(data, compress);
  try {
    return await checkPointCloudEntry(pkg, 'scans/s1/pointcloud.laz');
  } finally {
    pkg.close();
  }
}

/** The fixture with its chunk table's position moved to its last 8 bytes, as stream writers do. */
function streamed(laz: Buffer): Buffer {
  const pointData = laz.readUInt32LE(96);
  const tableStart = laz.readBigInt64LE(pointData);
  const copy = Buffer.concat([laz, Buffer.alloc(8)]);
  copy.writeBigInt64LE(-1n, pointData);
  copy.writeBigInt64LE(tableStart, laz.length);
  return copy;
}

describe('checkPointCloudEntry on LAZ', () => {
  // lone-star.copc.laz (2.4 MB, chunks of varying size) has its table far past the head read.
  it.each([
    ['autzen_trim.laz', 110_000],
    ['lone-star.copc.laz', 518_862],
    ['las_with_several_extra_byte_bloc.laz', 697_721],
  ])(
    'accepts %s, stored or deflated, and with its table written to a stream',
    async (name, points) => {
      for (const compress of [false, true]) {
        expect((await check(fixture(name), compress)).pointCount).toBe(points);
        expect((await check(streamed(fixture(name)), compress)).pointCount).toBe(points);
      }
    },
  );

  it('refuses a LAZ whose chunk table is missing or does not hold the points of its header', async () => {
    const laz = fixture('autzen_trim.laz');
    const pointData = laz.readUInt32LE(96);
    const tableStart = Number(laz.readBigInt64LE(pointData));
    const pastTheEnd = Buffer.from(laz);
    pastTheEnd.writeBigInt64LE(BigInt(laz.length + 1_000), pointData);
    const cut = laz.subarray(0, tableStart);
    const morePoints = Buffer.from(laz);
    morePoints.writeUInt32LE(150_001, 107);
    for (const compress of [false, true]) {
      await expect(check(pastTheEnd, compress)).rejects.toThrow(
        'The LAZ chunk table is missing or damaged (no chunk table): its points cannot be decoded',
      );
      await expect(check(cut, compress)).rejects.toThrow('(no chunk table)');
      await expect(check(morePoints, compress)).rejects.toThrow(
        '(the chunk table holds 150000 points, the header 150001)',
      );
    }
  });
});
