import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { documentNames, inlineGraphqlDocuments } from './src/graphql/graphql-calls.ts';

const GENERATED = fileURLToPath(new URL('./src/graphql/generated/', import.meta.url));
const GQL_MODULE = `${GENERATED}gql.ts`;
const DOCUMENTS_MODULE = `${GENERATED}graphql.ts`;

/**
 * Replaces each `graphql(`…`)` call with an import of its typed document from the generated
 * graphql.ts, as the client preset's Babel plugin does. Without it every page would load the
 * preset's map of all documents, keyed by their full text (about 65 kB gzip); with it a bundle
 * holds the parsed documents it uses, once.
 */
export function graphqlDocumentsPlugin(): Plugin {
  let names = new Map<string, string>();
  const read = () => {
    names = documentNames(readFileSync(GQL_MODULE, 'utf8'));
  };
  return {
    name: 'asset-portal:graphql-documents',
    enforce: 'pre',
    buildStart() {
      read();
      this.addWatchFile(GQL_MODULE);
    },
    watchChange(id) {
      if (id === GQL_MODULE) read();
    },
    transform(code, id) {
      if (id.startsWith(GENERATED) || !/\.tsx?$/.test(id)) return;
      try {
        const inlined = inlineGraphqlDocuments(code, names, DOCUMENTS_MODULE);
        // Lines are kept, so the existing source map stays right.
        return inlined === null ? undefined : { code: inlined, map: null };
      } catch (error) {
        this.error(`${id}: ${(error as Error).message}`);
      }
    },
  };
}
