// Writes the API's schema as SDL, built exactly as registerGraphql mounts it, for the web app's
// generated GraphQL types. With `--check` it writes nothing and fails when the file differs, so
// CI notices a schema change whose generated types were not refreshed.
//
//   tsx packages/server/src/graphql/print-schema.ts --write schema.graphql
//   tsx packages/server/src/graphql/print-schema.ts --check schema.graphql
//   tsx packages/server/src/graphql/print-schema.ts            (prints it)
import { readFileSync, writeFileSync } from 'node:fs';
import { buildSchema as parseSchema, printSchema } from 'graphql';
import { buildSchema } from './schema.ts';

/** The schema's SDL in a stable order (types as the modules declare them, fields as written). */
function schemaSdl(): string {
  return `${printSchema(parseSchema(buildSchema().schema))}\n`;
}

function main(args: string[]) {
  const sdl = schemaSdl();
  const [mode, file] = args;
  if (mode === undefined) {
    process.stdout.write(sdl);
    return;
  }
  if (!file || (mode !== '--write' && mode !== '--check')) {
    throw new Error('Usage: print-schema.ts [--write FILE | --check FILE]');
  }
  if (mode === '--write') {
    writeFileSync(file, sdl);
    return;
  }
  if (readFileSync(file, 'utf8') !== sdl) {
    process.stderr.write(
      `${file} does not match the server's schema: run \`npm run codegen\` and commit the result.\n`,
    );
    process.exitCode = 1;
  }
}

main(process.argv.slice(2));
