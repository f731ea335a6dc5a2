import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDescriptorsOf, pieces } from '../../test/file-writes.ts';
import { HashingFileWriter, remainderAfter } from './hashing-file-writer.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hashing-writer-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

class CountingWriter extends HashingFileWriter {
  batches = 0;
  protected override writeAll(buffers: Buffer[]) {
    this.batches += 1;
    return super.writeAll(buffers);
  }
}

describe('HashingFileWriter', () => {
  it('stores every byte in order and hashes them, across many batches', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 12345);
    const file = path.join(dir, 'out');
    const writer = new CountingWriter(file, 64 * 1024);
    await pipeline(Readable.from(pieces(bytes, 16 * 1024)), writer);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(writer.size).toBe(bytes.length);
    expect(writer.digest().toString('hex')).toBe(createHash('md5').update(bytes).digest('hex'));
    // Gathered: about one write per 64 KiB, not one per piece.
    expect(pieces(bytes, 16 * 1024).length).toBeGreaterThan(150);
    expect(writer.batches).toBeLessThanOrEqual(Math.ceil(bytes.length / 65536) + 1);
  });

  it('writes a body of many tiny pieces in batches of at most 1024 pieces', async () => {
    const bytes = randomBytes(10_000);
    const file = path.join(dir, 'tiny');
    const writer = new CountingWriter(file);
    const tiny = Array.from({ length: 5000 }, (_, i) => bytes.subarray(i * 2, i * 2 + 2));
    await pipeline(Readable.from(tiny), writer);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(writer.batches).toBe(5);
  });

  it('writes an empty file for an empty body', async () => {
    const file = path.join(dir, 'empty');
    const writer = new HashingFileWriter(file);
    await pipeline(Readable.from([]), writer);
    expect(fs.readFileSync(file).length).toBe(0);
    expect(writer.digest().toString('hex')).toBe(createHash('md5').digest('hex'));
  });

  it('fails the pipeline when the file cannot be created', async () => {
    const writer = new HashingFileWriter(path.join(dir, 'missing', 'out'));
    await expect(pipeline(Readable.from([Buffer.from('x')]), writer)).rejects.toThrow(/ENOENT/);
  });

  it('fails the pipeline and closes the file when the body breaks off', async () => {
    const file = path.join(dir, 'broken');
    async function* body() {
      yield randomBytes(200_000);
      throw new Error('connection reset');
    }
    const writer = new HashingFileWriter(file, 64 * 1024);
    await expect(pipeline(Readable.from(body()), writer)).rejects.toThrow('connection reset');
    expect(writer.destroyed).toBe(true);
    // The error reaches the caller first; the file is closed before 'close'.
    if (!writer.closed) await new Promise((resolve) => writer.once('close', resolve));
    expect(openDescriptorsOf(file)).toEqual([]);
  });
});

describe('remainderAfter', () => {
  const buffers = [Buffer.from('abc'), Buffer.from('de'), Buffer.from('fgh')];
  const text = (list: Buffer[]) => Buffer.concat(list).toString();

  it('drops whole buffers and cuts into a partly written one', () => {
    expect(text(remainderAfter(buffers, 0))).toBe('abcdefgh');
    expect(text(remainderAfter(buffers, 3))).toBe('defgh');
    expect(text(remainderAfter(buffers, 4))).toBe('efgh');
    expect(remainderAfter(buffers, 8)).toEqual([]);
  });
});
