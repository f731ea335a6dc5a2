import { deflateRawSync } from 'node:zlib';

/** A ZIP writer whose headers may lie: sizes, names, file modes. Only the corpus generator uses it. */

export interface HostileZipEntry {
  name: string;
  data: Uint8Array;
  /** Deflate the data (default true). */
  compress?: boolean;
  /** Already-deflated bytes to store instead of deflating `data` (for entries too big to hold). */
  deflated?: Uint8Array;
  /** The uncompressed size written in the headers, when it should lie. */
  declaredSize?: number;
  /** The compressed size written in the headers, when it should lie. */
  declaredCompressedSize?: number;
  /** Unix file mode (e.g. 0o120777 for a symbolic link); written as made by Unix. */
  unixMode?: number;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Writes the entries as one ZIP archive (no ZIP64, no data descriptors). */
export function writeHostileZip(entries: readonly HostileZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compress = entry.deflated !== undefined || entry.compress !== false;
    const body = entry.deflated ?? (compress ? deflateRawSync(entry.data) : entry.data);
    const method = compress ? 8 : 0;
    const crc = entry.deflated ? 0 : crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const compressedSize = entry.declaredCompressedSize ?? body.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressedSize, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(entry.unixMode === undefined ? 20 : (3 << 8) | 20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(method, 10);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(compressedSize, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(((entry.unixMode ?? 0) << 16) >>> 0, 38);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(body));
    central.push(header, name);
    offset += 30 + name.length + body.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}
