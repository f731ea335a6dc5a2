import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Benchmarks and scripts run outside the test tiers, so a module moved or renamed elsewhere
// breaks them silently (three benchmarks once stopped at their imports). This checks that every
// relative module they import, and every file the package scripts run, exists.

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const FOLDERS = ['bench', 'bench/lib', 'scripts'];
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*)'(\.{1,2}\/[^']+)'/g;

function sourceFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder))
      .filter((name) => /\.(mjs|ts)$/.test(name) && !name.endsWith('.d.mts'))
      .map((name) => path.join(folder, name)),
  );
}

describe('benchmarks and scripts', () => {
  it('import only modules that exist', () => {
    const missing: string[] = [];
    for (const file of sourceFiles()) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const [, specifier] of text.matchAll(IMPORT)) {
        const target = path.resolve(path.join(ROOT, path.dirname(file)), specifier!);
        if (!existsSync(target)) missing.push(`${file} → ${specifier}`);
      }
    }
    expect(sourceFiles().length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

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
