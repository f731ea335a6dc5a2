import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// Benchmarks and scripts run outside the test tiers, so a module moved or renamed elsewhere
// breaks them silently (three benchmarks once stopped at their imports). esbuild resolves each
// one's imports as a bundle would, named exports included, without running it.

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const FOLDERS = ['bench', 'bench/lib', 'scripts'];

function entryFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder))
      .filter((name) => /\.(mjs|ts)$/.test(name))
      .map((name) => path.join(ROOT, folder, name)),
  );
}

describe('benchmarks and scripts', () => {
  it('import only modules and names that exist', async () => {
    const entries = entryFiles();
    expect(entries.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const entry of entries) {
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        logLevel: 'silent',
      }).catch((error: { errors?: { text: string }[] }) => ({ errors: error.errors ?? [] }));
      for (const { text } of result.errors) problems.push(`${path.relative(ROOT, entry)}: ${text}`);
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('are the files the package scripts run', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const run = Object.values(scripts).flatMap((command) =>
      [...command.matchAll(/\b((?:bench|scripts)\/[\w./-]+\.(?:mjs|ts))\b/g)].map((m) => m[1]!),
    );
    expect(run.length).toBeGreaterThan(10);
    expect(run.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });
});
