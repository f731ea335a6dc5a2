import { makePackage } from './make-package.ts';
import { parseGeneratorArgs, USAGE } from './options.ts';

/** `npm run make-package -- --out DIR …`: builds device packages from the shared fixtures. */
async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  let options: ReturnType<typeof parseGeneratorArgs>;
  try {
    options = parseGeneratorArgs(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  const result = await makePackage(options);
  const seconds = (performance.now() - started) / 1000;
  const megabytes = (result.luxlzBytes + (result.luxizBytes ?? 0)) / 1e6;
  console.log(`${result.luxlzPath}: ${result.luxlzBytes} bytes`);
  if (result.luxizPath) {
    console.log(`${result.luxizPath}: ${result.luxizBytes} bytes, ${result.imageCount} images`);
  }
  console.log(
    `session ${result.manifest.sessionId} at ${result.site.name}, ${result.manifest.scans.length} scans, ${result.manifest.scans.reduce((n, s) => n + s.pointCount, 0)} points`,
  );
  console.log(
    `${megabytes.toFixed(1)} MB in ${seconds.toFixed(1)} s (${(megabytes / seconds).toFixed(1)} MB/s)`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
