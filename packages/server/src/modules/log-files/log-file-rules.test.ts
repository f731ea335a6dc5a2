import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkLogFileLink,
  LOG_FILE_URL_TTL_SECONDS,
  localLogFilePath,
  logFolderFor,
  signLogFileUrl,
} from './log-file-rules.ts';

const SECRET = 'test-secret';
const NOW = new Date('2024-05-01T12:00:00Z');

function parts(url: string) {
  const parsed = new URL(url, 'http://x');
  return {
    path: parsed.pathname,
    expires: parsed.searchParams.get('expires'),
    signature: parsed.searchParams.get('signature'),
  };
}

describe('signed log-file links', () => {
  it('names the log and expires after five minutes', () => {
    const link = parts(signLogFileUrl(42, SECRET, NOW));
    expect(link.path).toBe('/log-files/42');
    expect(Number(link.expires)).toBe(NOW.getTime() / 1000 + LOG_FILE_URL_TTL_SECONDS);
    expect(link.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts its own link until it expires, then reports it expired', () => {
    const { expires, signature } = parts(signLogFileUrl(42, SECRET, NOW));
    expect(checkLogFileLink(42, expires, signature, SECRET, NOW)).toBe('valid');
    const justBefore = new Date(NOW.getTime() + LOG_FILE_URL_TTL_SECONDS * 1000);
    expect(checkLogFileLink(42, expires, signature, SECRET, justBefore)).toBe('valid');
    const after = new Date(justBefore.getTime() + 1000);
    expect(checkLogFileLink(42, expires, signature, SECRET, after)).toBe('expired');
  });

  it('refuses a link for another log, a moved expiry, another key or garbage', () => {
    const { expires, signature } = parts(signLogFileUrl(42, SECRET, NOW));
    expect(checkLogFileLink(43, expires, signature, SECRET, NOW)).toBe('invalid');
    expect(checkLogFileLink(42, String(Number(expires) + 60), signature, SECRET, NOW)).toBe(
      'invalid',
    );
    expect(checkLogFileLink(42, expires, signature, 'other', NOW)).toBe('invalid');
    expect(checkLogFileLink(42, expires, 'abc', SECRET, NOW)).toBe('invalid');
    expect(checkLogFileLink(42, undefined, signature, SECRET, NOW)).toBe('invalid');
    expect(checkLogFileLink(42, '-5', signature, SECRET, NOW)).toBe('invalid');
  });

  it('does not call a forged old link expired', () => {
    const past = new Date(NOW.getTime() - 3_600_000);
    const { expires } = parts(signLogFileUrl(42, SECRET, past));
    expect(checkLogFileLink(42, expires, 'f'.repeat(64), SECRET, NOW)).toBe('invalid');
  });
});

describe('local log files', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ap-logs-'));
  const logs = path.join(root, 'logs');
  const folder = logFolderFor(logs, 7);
  fs.mkdirSync(path.join(folder, 'jobs'), { recursive: true });
  fs.mkdirSync(logFolderFor(logs, 8), { recursive: true });
  const own = path.join(folder, 'jobs', 'run.log');
  fs.writeFileSync(own, 'hello');
  const foreign = path.join(logFolderFor(logs, 8), 'secret.log');
  fs.writeFileSync(foreign, 'theirs');
  fs.writeFileSync(path.join(root, 'outside.log'), 'outside');
  fs.symlinkSync(foreign, path.join(folder, 'link.log'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('keeps each organization to its own folder', () => {
    expect(folder).toBe(path.join(logs, '7'));
    expect(logFolderFor(logs, null)).toBe(path.join(logs, 'system'));
  });

  it('finds a file:// log inside the folder', () => {
    expect(localLogFilePath(pathToFileURL(own).href, folder)).toBe(fs.realpathSync(own));
  });

  it('refuses paths that leave the folder, by .., by symbolic link or into another folder', () => {
    expect(localLogFilePath(`file://${folder}/../8/secret.log`, folder)).toBeUndefined();
    expect(localLogFilePath(`file://${folder}/%2e%2e/%2e%2e/outside.log`, folder)).toBeUndefined();
    expect(localLogFilePath(pathToFileURL(foreign).href, folder)).toBeUndefined();
    expect(localLogFilePath(pathToFileURL(path.join(folder, 'link.log')).href, folder)).toBe(
      undefined,
    );
    expect(localLogFilePath(pathToFileURL(folder).href, folder)).toBeUndefined();
  });

  it('refuses other schemes, hosts, missing files and bad URLs', () => {
    expect(localLogFilePath('s3://bucket/logs/run.log', folder)).toBeUndefined();
    expect(localLogFilePath(`file://evil${own}`, folder)).toBeUndefined();
    expect(localLogFilePath(pathToFileURL(path.join(folder, 'none.log')).href, folder)).toBe(
      undefined,
    );
    expect(localLogFilePath('not a url', folder)).toBeUndefined();
    expect(localLogFilePath(own, folder)).toBeUndefined();
  });
});
