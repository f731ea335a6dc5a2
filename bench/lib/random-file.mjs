// A large file of random (incompressible) bytes for the upload benchmarks.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

/** Random bytes: one 64 MiB buffer written again and again (generating 2 GiB would be slow). */
export function writeRandomFile(file, size) {
  const chunk = randomBytes(64 * 1024 ** 2);
  const fd = fs.openSync(file, 'w');
  try {
    for (let written = 0; written < size; ) {
      const length = Math.min(chunk.length, size - written);
      fs.writeSync(fd, chunk, 0, length);
      written += length;
    }
  } finally {
    fs.closeSync(fd);
  }
}
