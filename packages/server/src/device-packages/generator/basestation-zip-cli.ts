import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { makeBasestationZip } from './basestation-zip.ts';
import { defaultFixturesDir } from './options.ts';

const USAGE = `Usage: npm run make-basestation-zip -- --out DIR [--fixtures DIR]
  Writes DIR/3040-20050402.zip: the RINEX files of GEONET base station 3040 (2005-04-02,
  00:00–00:59 GPST), which covers the sessions 'npm run make-package' builds at rover 0759.`;

/** `npm run make-basestation-zip -- --out DIR`: a base-station zip from the shared fixtures. */
async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { out: { type: 'string' }, fixtures: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || !values.out) {
    console.log(USAGE);
    if (!values.out) process.exitCode = 2;
    return;
  }
  await mkdir(values.out, { recursive: true });
  const zip = await makeBasestationZip(values.fixtures ?? defaultFixturesDir(), values.out);
  console.log(`${zip.path}: ${zip.bytes} bytes`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
