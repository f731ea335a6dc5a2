import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allInOneArgs, allInOneEnv, allInOneNodeFlags } from '../../../scripts/all-in-one.mjs';

describe('all-in-one bundle (npm start)', () => {
  it('compiles our sources into one file, keeps npm packages external and the sources’ locations', async () => {
    const args = await allInOneArgs();
    expect(args.slice(0, -1)).toEqual([...allInOneNodeFlags]);
    const bundle = fs.readFileSync(args.at(-1) as string, 'utf8');
    // The shared package is compiled in: plain Node cannot load its TypeScript sources.
    expect(bundle).not.toMatch(/from ["']@asset-portal\/shared["']/);
    expect(bundle).toMatch(/from ["']fastify["']/);
    // Paths computed from import.meta.url resolve as they do when the sources run directly.
    const template = new URL('../src/db/pglite-template.ts', import.meta.url);
    expect(bundle).toContain(JSON.stringify(pathToFileURL(template.pathname).href));
    expect(fs.existsSync(`${args.at(-1)}.map`)).toBe(true);
  });

  it('holds glibc’s allocator to one arena unless the operator chose a number', () => {
    expect(allInOneEnv({ PORT: '4000' })).toEqual({ MALLOC_ARENA_MAX: '1', PORT: '4000' });
    expect(allInOneEnv({ MALLOC_ARENA_MAX: '4' })).toEqual({ MALLOC_ARENA_MAX: '4' });
  });
});
