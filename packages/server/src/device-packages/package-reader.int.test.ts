import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { openPackage } from './package-reader.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'package-reader-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Entry {
  name: string;
  data: Buffer;
  mode?: number;
  compress?: boolean;
}

async function zipBuffer(entries: Entry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(entry.data, entry.name, {
      compress: entry.compress ?? true,
      ...(entry.mode ? { mode: entry.mode } : {}),
    });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** yazl refuses unsafe names, so a safe stand-in of the same length is renamed in the bytes. */
function rename(archive: Buffer, from: string, to: string): Buffer {
  expect(from.length).toBe(to.length);
  const out = Buffer.from(archive);
  const needle = Buffer.from(from);
  let at = out.indexOf(needle);
  let count = 0;
  while (at !== -1) {
    Buffer.from(to).copy(out, at);
    count++;
    at = out.indexOf(needle, at + 1);
  }
  expect(count).toBe(2); // local header and central directory
  return out;
}

async function file(name: string, data: Buffer): Promise<string> {
  const target = path.join(dir, name);
  await writeFile(target, data);
  return target;
}

const small = (name: string) => ({ name, data: Buffer.from(`content of ${name}`) });

describe('openPackage', () => {
  it('lists entries with sizes and streams them', async () => {
    const target = await file(
      'ok.zip',
      await zipBuffer([small('manifest.json'), small('scans/a/trajectory.csv')]),
    );
    const pkg = await openPackage(target);
    try {
      expect(pkg.entries.map((e) => [e.name, e.size])).toEqual([
        ['manifest.json', 'content of manifest.json'.length],
        ['scans/a/trajectory.csv', 'content of scans/a/trajectory.csv'.length],
      ]);
      expect(await pkg.readText('manifest.json')).toBe('content of manifest.json');
      expect(await pkg.readText('absent.json')).toBeUndefined();
      await expect(pkg.readEntry('absent.json')).rejects.toThrow(
        'absent.json is not in the package',
      );
    } finally {
      pkg.close();
    }
  });

  it.each([
    ['xx/evil', '../evil', "Package entry ../evil leaves the package folder ('..' in its path)"],
    ['a/xx/b', 'a/../b', "Package entry a/../b leaves the package folder ('..' in its path)"],
    ['xabs', '/abs', 'Package entry /abs has an absolute path'],
    ['xx/win', 'C:/win', 'Package entry C:/win has an absolute path'],
    ['a_b', 'a\\b', 'Package entry a\\b contains a backslash'],
  ])('rejects %s renamed to %s', async (safe, unsafe, message) => {
    const archive = rename(await zipBuffer([small('manifest.json'), small(safe)]), safe, unsafe);
    const target = await file(`bad-${safe.replaceAll('/', '_')}.zip`, archive);
    await expect(openPackage(target)).rejects.toThrow(message);
  });

  it('rejects symbolic links', async () => {
    const target = await file(
      'link.zip',
      await zipBuffer([{ name: 'link', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]),
    );
    await expect(openPackage(target)).rejects.toThrow(
      'Package entry link is a symbolic link, which is not allowed',
    );
  });

  it('rejects an entry that expands more than 100 times (zip bomb)', async () => {
    const zeros = Buffer.alloc(200 * 1024 ** 2);
    const target = await file('bomb.zip', await zipBuffer([{ name: 'zeros.bin', data: zeros }]));
    await expect(openPackage(target)).rejects.toThrow(/Package entry zeros.bin expands \d+ times/);
  });

  it('accepts compressible entries under 1 MiB', async () => {
    const target = await file(
      'small-zeros.zip',
      await zipBuffer([{ name: 'zeros.bin', data: Buffer.alloc(1024 ** 2) }]),
    );
    const pkg = await openPackage(target);
    pkg.close();
    expect(pkg.entries[0]!.size).toBe(1024 ** 2);
  });

  it('rejects packages over the total size limit and the entry limit', async () => {
    const target = await file(
      'many.zip',
      await zipBuffer(['a', 'b', 'c', 'd'].map((name) => ({ ...small(name), compress: false }))),
    );
    await expect(openPackage(target, { maxTotalUncompressedBytes: 30 })).rejects.toThrow(
      'The package expands to more than 30 bytes, the limit for one package',
    );
    await expect(openPackage(target, { maxEntries: 3 })).rejects.toThrow(
      'The package holds 4 entries; at most 3 are allowed',
    );
  });

  it('rejects a file that is not a ZIP archive', async () => {
    const target = await file('not.zip', Buffer.from('LASF not a zip at all'));
    await expect(openPackage(target)).rejects.toThrow(
      'The package is not a valid ZIP archive: it is not a zip file, or it was cut short',
    );
  });
});
