import type { CodegenConfig } from '@graphql-codegen/cli';

// Types for every GraphQL document of the web app, checked against the server's schema
// (src/graphql/generated/schema.graphql, printed by the server's print-schema script).
// `npm run codegen` writes them; `npm run codegen:check` (part of `npm run typecheck`) fails when
// a document does not match the schema or the committed files are stale.
const config: CodegenConfig = {
  schema: 'src/graphql/generated/schema.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}', '!src/graphql/generated/**'],
  ignoreNoDocuments: false,
  generates: {
    'src/graphql/generated/': {
      preset: 'client',
      presetConfig: {
        // Components read fragment fields directly, as they did with hand-written types.
        fragmentMasking: false,
      },
      config: {
        // DateTime travels as an ISO-8601 string; JSON is whatever the field holds, so the
        // hook that knows its shape narrows it.
        scalars: { DateTime: 'string', JSON: 'unknown' },
        strictScalars: true,
        enumsAsTypes: true,
        useTypeImports: true,
        // Apollo's cache adds __typename to every selection; optimistic answers must give it.
        skipTypename: false,
      },
    },
  },
};

export default config;
