import fs from 'node:fs';

/** `bytes` cut into pieces of 1 byte to `largest` bytes, like network reads. */
export function pieces(bytes: Buffer, largest: number): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + ((at * 7919) % largest);
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  return out;
}

/** This process's file descriptors open on `file` (Linux). */
export function openDescriptorsOf(file: string): string[] {
  return fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  });
}
