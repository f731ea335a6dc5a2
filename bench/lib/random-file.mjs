// A large file of random (incompressible) bytes for the upload benchmarks.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

// A ZIP local file header's signature: the package upload screen refuses a file that does not
// start as a package (a ZIP archive) does, before sending any of it.
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/**
 * Random bytes after a ZIP signature: one 64 MiB buffer written again and again (generating
 * 2 GiB would be slow). Not a readable archive: its ingestion fails after the upload.
 */
export function writeRandomFile(file, size) {
  const chunk = randomBytes(64 * 1024 ** 2);
  const fd = fs.openSync(file, 'w');
  try {
    for (let written = 0; written < size; ) {
      const length = Math.min(chunk.length, size - written);
      if (written === 0) chunk.set(ZIP_SIGNATURE.slice(0, length));
      fs.writeSync(fd, chunk, 0, length);
      written += length;
    }
  } finally {
    fs.closeSync(fd);
  }
}
