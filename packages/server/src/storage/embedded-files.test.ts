import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { writeAtomically } from './embedded-files.ts';

let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('writeAtomically', () => {
  it('stores a body of the expected size', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-files-'));
    const destination = path.join(root, 'objects', 'a');
    const { size } = await writeAtomically(
      path.join(root, '.tmp'),
      destination,
      Readable.from([Buffer.alloc(6), Buffer.alloc(4)]),
      10,
    );
    expect(size).toBe(10);
    expect(fs.statSync(destination).size).toBe(10);
  });

  it('stops a body longer than its expected size before writing past it, and stores nothing', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-files-'));
    const destination = path.join(root, 'objects', 'a');
    let pulled = 0;
    // A body that would go on for 30 MB in 1 MiB pieces.
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < 30; i++) {
          pulled += 1;
          yield Buffer.alloc(1024 * 1024);
        }
      })(),
    );
    await expect(writeAtomically(path.join(root, '.tmp'), destination, body, 10)).rejects.toThrow(
      'The request body is longer than the 10 bytes of its Content-Length header',
    );
    expect(pulled).toBeLessThan(5);
    expect(fs.existsSync(destination)).toBe(false);
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });
});
