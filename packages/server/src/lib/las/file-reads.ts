import type { FileHandle } from 'node:fs/promises';
import { LasFormatError } from './las-format-error.ts';

/** Up to `length` bytes at `position`: fewer where the file ends (a caller checks what it needs). */
export async function readAt(
  handle: FileHandle,
  position: number,
  length: number,
): Promise<Buffer> {
  const buffer = Buffer.alloc(Math.max(0, length));
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * Fills the first `length` bytes of `buffer` from `position`; a file that ends before is not a
 * LAS file as its header describes it.
 */
export async function readExactlyInto(
  handle: FileHandle,
  buffer: Buffer,
  length: number,
  position: number,
): Promise<void> {
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead < length) {
    throw new LasFormatError(
      `LAS file ended early: expected ${length} bytes at byte ${position}, read ${bytesRead}`,
    );
  }
}

/** Exactly `length` bytes at `position`, or a LasFormatError. */
export async function readExactly(
  handle: FileHandle,
  position: number,
  length: number,
): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  await readExactlyInto(handle, buffer, length, position);
  return buffer;
}
