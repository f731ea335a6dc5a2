// The all-in-one server process of `npm start` (web role, job worker and the embedded PGlite in
// one Node process), shared by scripts/start.mjs, the tests that run the portal as npm start does
// and the benchmarks. It runs as one JavaScript bundle compiled from the TypeScript sources at
// every start (esbuild, ~0.2 s), not through tsx: Node runs a module loader's hooks on a thread of
// their own with a V8 heap of its own, ~55 MB of resident memory for the life of the process.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'packages/server/src/main/all-in-one.ts');
const bundle = path.join(root, 'packages/server/dist/all-in-one.mjs');

/**
 * Node flags of the all-in-one. `--optimize-for-size` makes V8 collect garbage before growing its
 * heap (young generation and old): ingesting packages otherwise leaves 150–250 MB of garbage that
 * an idle server keeps for minutes. With it, V8's helper threads marked the heap almost without
 * pause, more than a core during an upload; `--single-threaded-gc` collects on the main thread
 * alone, for 40 % less CPU time in all. `--enable-source-maps` keeps stack traces in the sources.
 */
export const allInOneNodeFlags = [
  '--optimize-for-size',
  '--single-threaded-gc',
  '--enable-source-maps',
];

/**
 * The all-in-one's environment: `env` with glibc's allocator held to one arena. Each thread that
 * allocates (libuv's pool writing uploads and unpacking packages, V8's helpers) otherwise gets an
 * arena of its own whose freed pages stay resident: 30–50 MB more at idle and during uploads. The
 * threads rarely allocate at once, so sharing one costs no measurable time. A value set by the
 * operator wins.
 */
export function allInOneEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: '1', ...env };
}

/**
 * Our sources keep their own `import.meta.url`, so paths computed from it (repository root, web
 * build, fixtures, the demo package builder's entry) are the same as when run from source.
 */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** npm packages stay in node_modules; the workspace packages are compiled into the bundle. */
const dependenciesExternal = {
  name: 'dependencies-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@asset-portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Compiles the all-in-one into packages/server/dist/all-in-one.mjs. Written beside and renamed,
 * so instances started side by side never run a half-written bundle.
 */
export async function buildAllInOne() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [sourceLocations, dependenciesExternal],
  });
  fs.mkdirSync(path.dirname(bundle), { recursive: true });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(partial, file.contents);
    fs.renameSync(partial, file.path);
  }
  return bundle;
}

/** Builds the bundle and returns the arguments for `node` that run it. */
export async function allInOneArgs() {
  return [...allInOneNodeFlags, await buildAllInOne()];
}
