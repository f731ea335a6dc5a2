import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDescriptorsOf, pieces } from '../../test/file-writes.ts';
import { StorageError } from './embedded-files.ts';
import {
  directWriteSlabs,
  UPLOAD_BLOCK_BYTES,
  UploadFileWriter,
} from './embedded-upload-writer.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-writer-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ['past the page cache where the file system allows it', true],
  ['through the page cache', false],
])('UploadFileWriter, %s', (_name, tryDirect) => {
  it.each([
    ['several blocks and an odd tail', 3 * UPLOAD_BLOCK_BYTES + 12_345],
    ['whole blocks', 2 * UPLOAD_BLOCK_BYTES],
    ['less than a sector', 100],
    ['nothing', 0],
  ])('stores every byte in order: %s', async (_case, length) => {
    const bytes = randomBytes(length);
    const file = path.join(dir, 'out');
    const writer = new UploadFileWriter(file, length, tryDirect);
    await pipeline(Readable.from(pieces(bytes, 64 * 1024)), writer);
    expect(writer.size).toBe(length);
    expect(fs.statSync(file).size).toBe(length);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(openDescriptorsOf(file)).toEqual([]);
  });

  it('replaces what the file held before', async () => {
    const file = path.join(dir, 'again');
    fs.writeFileSync(file, randomBytes(UPLOAD_BLOCK_BYTES + 5000));
    const bytes = randomBytes(7000);
    await pipeline(Readable.from([bytes]), new UploadFileWriter(file, undefined, tryDirect));
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  it('syncs the file to disk once before it finishes', async () => {
    const sync = vi.spyOn(fs, 'fdatasync');
    const file = path.join(dir, 'synced');
    await pipeline(
      Readable.from(pieces(randomBytes(UPLOAD_BLOCK_BYTES + 1), 64 * 1024)),
      new UploadFileWriter(file, undefined, tryDirect),
    );
    expect(sync).toHaveBeenCalledTimes(1);
  });

  it('refuses a body longer than its limit before writing past it', async () => {
    const limit = UPLOAD_BLOCK_BYTES + 100;
    const file = path.join(dir, 'long');
    const writer = new UploadFileWriter(file, limit, tryDirect);
    const failed = pipeline(Readable.from(pieces(randomBytes(limit + 1), 64 * 1024)), writer);
    await expect(failed).rejects.toBeInstanceOf(StorageError);
    await expect(failed).rejects.toMatchObject({ code: 'IncompleteBody', status: 400 });
    expect(fs.statSync(file).size).toBeLessThanOrEqual(limit);
    expect(openDescriptorsOf(file)).toEqual([]);
  });

  it('fails the pipeline when the file cannot be created', async () => {
    const writer = new UploadFileWriter(path.join(dir, 'missing', 'out'), undefined, tryDirect);
    await expect(pipeline(Readable.from([Buffer.from('x')]), writer)).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});

describe('UploadFileWriter on this machine', () => {
  it('bypasses the page cache on a file system that allows it (Linux, not tmpfs)', async () => {
    const file = path.join(dir, 'direct');
    const writer = new UploadFileWriter(file);
    await pipeline(Readable.from([randomBytes(10)]), writer);
    const fsType = fs.statfsSync(dir).type;
    const TMPFS_MAGIC = 0x01021994;
    expect(fs.readFileSync(file).length).toBe(10);
    expect(writer.direct).toBe(process.platform === 'linux' && fsType !== TMPFS_MAGIC);
  });
});

describe('UploadFileWriter, many uploads at once', () => {
  it('stores each of them and keeps one slab of memory once they are over', async () => {
    const bytes = Array.from({ length: 12 }, (_, i) => randomBytes(UPLOAD_BLOCK_BYTES + 1000 * i));
    const writers = bytes.map((_, i) => new UploadFileWriter(path.join(dir, `part-${i}`)));
    // Two blocks each: 24 blocks, three slabs while the uploads run.
    await Promise.all(
      bytes.map((body, i) => pipeline(Readable.from(pieces(body, 64 * 1024)), writers[i]!)),
    );
    for (const [i, body] of bytes.entries()) {
      expect(fs.readFileSync(path.join(dir, `part-${i}`)).equals(body)).toBe(true);
    }
    const direct = writers.some((writer) => writer.direct);
    expect(directWriteSlabs()).toBe(direct ? 1 : 0);
  });

  it('gives its memory back when the file system refuses direct writes', async () => {
    // As a file system without O_DIRECT for this memory answers the first direct write.
    vi.spyOn(fs, 'writeSync').mockImplementation(() => {
      throw Object.assign(new Error('EINVAL: invalid argument, write'), { code: 'EINVAL' });
    });
    const writers = Array.from(
      { length: 12 },
      (_, i) => new UploadFileWriter(path.join(dir, `part-${i}`)),
    );
    await Promise.all(
      writers.map((writer) => pipeline(Readable.from([Buffer.from('refused')]), writer)),
    );
    expect(writers.map((writer) => writer.direct)).toEqual(Array(12).fill(false));
    expect(fs.readFileSync(path.join(dir, 'part-11'), 'utf8')).toBe('refused');
    // Blocks kept by a writer that fell back would hold the later slabs.
    expect(directWriteSlabs()).toBeLessThanOrEqual(1);
  });
});
