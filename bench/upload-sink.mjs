// Benchmark: how fast headless chromium and curl can send a file's bytes on this machine when the
// server does nothing with them: a loopback HTTP server that reads PUT bodies and drops them. It
// tells what the upload benchmark's ratio can reach here: chromium sending File slices as the
// upload engine does (parallel PUTs of 64 MiB parts), against one `curl -T` of the same file.
// Run with: npm run bench:upload-sink  (BENCH_UPLOAD_GIB=1 by default, BENCH_ROUNDS=3)
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { startDropSink } from './lib/drop-sink.mjs';
import { freePort, median } from './lib/process.mjs';
import { writeRandomFile } from './lib/random-file.mjs';

const GIB = 1024 ** 3;
const SIZE = Math.round(Number(process.env.BENCH_UPLOAD_GIB ?? 1) * GIB);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PART_MIB = 64;
/** Parallel part PUTs: the engine's 3 workers per file, one, and twice as many. */
const PARALLEL = [3, 1, 6];

// The page sends the picked file in parts of `partMiB`, `parallel` PUTs at a time, and returns
// MB/s from the first request to the last answer.
const PAGE = `<!doctype html><input type="file" id="file"><script>
window.send = async (parallel, partMiB) => {
  const file = document.getElementById('file').files[0];
  const part = partMiB * 1048576;
  const parts = Math.ceil(file.size / part);
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < parts) {
      const index = next++;
      const body = file.slice(index * part, Math.min(file.size, (index + 1) * part));
      const response = await fetch('/part/' + index, { method: 'PUT', body });
      if (!response.ok) throw new Error('PUT ' + index + ': ' + response.status);
      await response.text();
    }
  }));
  return file.size / ((performance.now() - started) / 1000) / 1e6;
};
</script>`;

/** curl runs beside the sink, which lives in this process: its event loop must keep turning. */
function curlMBs(file, url) {
  return new Promise((resolve, reject) => {
    execFile(
      'curl',
      ['-sS', '-o', '/dev/null', '-T', file, '-w', '%{speed_upload}', url],
      (error, stdout, stderr) =>
        error ? reject(new Error(`curl: ${stderr}`)) : resolve(Number(stdout) / 1e6),
    );
  });
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-sink-'));
  const file = path.join(work, 'upload.bin');
  writeRandomFile(file, SIZE);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startDropSink(port, PAGE);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(origin);
    await page.setInputFiles('#file', file);
    const results = new Map([
      ...PARALLEL.map((p) => [`chromium, ${p} parallel`, []]),
      ['curl -T', []],
    ]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const parallel of PARALLEL) {
        const mbs = await page.evaluate(([p, m]) => window.send(p, m), [parallel, PART_MIB]);
        results.get(`chromium, ${parallel} parallel`).push(mbs);
      }
      results.get('curl -T').push(await curlMBs(file, `${origin}/whole`));
    }
    console.log(
      `\n${(SIZE / GIB).toFixed(2)} GiB into a loopback sink (bytes dropped), ${PART_MIB} MiB parts, ` +
        `${ROUNDS} rounds, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}:`,
    );
    console.log('| sender | median MB/s | rounds |\n|---|---|---|');
    for (const [name, values] of results) {
      console.log(
        `| ${name} | ${median(values).toFixed(0)} | ${values.map((v) => v.toFixed(0)).join(', ')} |`,
      );
    }
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
