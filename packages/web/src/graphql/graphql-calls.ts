// The build-time half of the generated documents (see graphql-documents-plugin.ts beside
// vite.config.ts): pure text functions, so they are unit-tested without a bundler.

/** A `graphql(`…`)` call of the sources, with its document text. */
const GRAPHQL_CALL = /\bgraphql\(`([^`]*)`\)/g;
const GRAPHQL_IMPORT = /^import \{ graphql \} from '[./]+\/graphql\/generated\/gql\.ts';\n/m;

/** The generated gql.ts's map: document text → name of its typed document in graphql.ts. */
export function documentNames(gqlModule: string): Map<string, string> {
  const names = new Map<string, string>();
  const body = gqlModule.slice(gqlModule.indexOf('const documents'));
  for (const match of body.matchAll(/^ {4}("(?:[^"\\]|\\.)*"): types\.(\w+),$/gm)) {
    names.set(JSON.parse(match[1]!) as string, match[2]!);
  }
  return names;
}

/**
 * A module's source with each `graphql(`…`)` call replaced by an import of its typed document
 * from `documentsModule`, or null when the module imports no `graphql`. Line numbers are kept.
 * Throws on a document the generated files do not know (they are stale).
 */
export function inlineGraphqlDocuments(
  code: string,
  names: ReadonlyMap<string, string>,
  documentsModule: string,
): string | null {
  if (!GRAPHQL_IMPORT.test(code)) return null;
  const imported = new Set<string>();
  const replaced = code.replace(GRAPHQL_CALL, (_call, source: string) => {
    const name = names.get(source);
    if (!name) throw new Error('A GraphQL document has no generated type: run `npm run codegen`.');
    imported.add(name);
    return `__graphql_${name}${'\n'.repeat(source.split('\n').length - 1)}`;
  });
  const bindings = [...imported].map((name) => `${name} as __graphql_${name}`).join(', ');
  const header = `import { ${bindings} } from ${JSON.stringify(documentsModule)};\n`;
  return replaced.replace(GRAPHQL_IMPORT, header);
}
