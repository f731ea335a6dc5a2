import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshFile } from './web-app.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-app-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the page a running server sends', () => {
  it("is the new build's once the file changes, and the last one while it is missing", () => {
    const file = path.join(dir, 'index.html');
    fs.writeFileSync(file, '<script src="/assets/index-old.js">');
    const page = freshFile(file);
    expect(page().toString()).toBe('<script src="/assets/index-old.js">');
    fs.writeFileSync(file, '<script src="/assets/index-new.js">');
    // A later modification time, as a build a moment later gives.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    expect(page().toString()).toBe('<script src="/assets/index-new.js">');
    fs.rmSync(file);
    expect(page().toString()).toBe('<script src="/assets/index-new.js">');
  });
});
