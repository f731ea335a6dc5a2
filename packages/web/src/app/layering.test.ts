import { describe, expect, it } from 'vitest';

// The web app's layers, top to bottom: `app/` composes the screens from `features/`, which use
// the frame and the shared parts below them. A lower layer never imports a higher one, so the
// frame can be read (and changed) without knowing any feature.
const FRAME = ['shell', 'auth', 'idle', 'components', 'lib', 'graphql', 'config', 'snackbar'];

// Every source file of src/, keyed by its path relative to this folder ('../shell/TopBar.tsx').
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The path under src/: 'shell/TopBar.tsx' for '../shell/TopBar.tsx', 'app/App.tsx' for './App.tsx'. */
function srcPath(key: string): string {
  return key.startsWith('./') ? `app/${key.slice(2)}` : key.replace(/^\.\.\//, '');
}

/** Resolves a relative import of a file of src/ to the top folder it lands in. */
function layerOf(fromFile: string, specifier: string): string {
  const parts = fromFile.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts[0] ?? '';
}

function violations(layers: readonly string[], forbidden: readonly string[]): string[] {
  const found: string[] = [];
  for (const [key, text] of Object.entries(SOURCES)) {
    const file = srcPath(key);
    if (!layers.includes(file.split('/')[0]!)) continue;
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      if (forbidden.includes(layerOf(file, match[1]!))) found.push(`${file} imports ${match[1]}`);
    }
  }
  return found;
}

it('sees the sources of every layer', () => {
  const layers = new Set(Object.keys(SOURCES).map((key) => srcPath(key).split('/')[0]));
  for (const layer of [...FRAME, 'features', 'app']) expect(layers).toContain(layer);
});

describe('web layering', () => {
  it('keeps the frame and shared parts free of features and of the app', () => {
    expect(violations(FRAME, ['features', 'app'])).toEqual([]);
  });

  it('keeps features free of the app that composes them', () => {
    expect(violations(['features'], ['app'])).toEqual([]);
  });
});
