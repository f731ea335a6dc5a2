import { describe, expect, it } from 'vitest';
import gqlModule from './generated/gql.ts?raw';
import { documentNames, inlineGraphqlDocuments } from './graphql-calls.ts';

const PROJECTS = `
  query Projects {
    projects {
      id
      name
      utm
      organization {
        id
        name
      }
    }
  }
`;

const source = (document: string) =>
  `import { useQuery } from '@apollo/client/react';\nimport { graphql } from '../../graphql/generated/gql.ts';\n\nconst Q = graphql(\`${document}\`);\nexport const use = () => useQuery(Q);\n`;

describe('the build-time replacement of graphql() calls', () => {
  const names = documentNames(gqlModule);

  it('reads every generated document, operations and fragments', () => {
    expect(names.get(PROJECTS)).toBe('ProjectsDocument');
    expect([...names.values()]).toContain('ActivityLogFieldsFragmentDoc');
    expect(names.size).toBeGreaterThan(100);
  });

  it('imports the typed document instead of calling graphql(), keeping the line count', () => {
    const code = source(PROJECTS);
    const inlined = inlineGraphqlDocuments(code, names, '/gen/graphql.ts')!;
    expect(inlined).toContain(
      'import { ProjectsDocument as __graphql_ProjectsDocument } from "/gen/graphql.ts";',
    );
    expect(inlined).toContain('const Q = __graphql_ProjectsDocument');
    expect(inlined).not.toContain('graphql(`');
    expect(inlined).not.toContain('generated/gql.ts');
    expect(inlined.split('\n')).toHaveLength(code.split('\n').length);
  });

  it('leaves a module without graphql() alone and refuses a document that was not generated', () => {
    expect(inlineGraphqlDocuments('export const a = 1;\n', names, '/g.ts')).toBeNull();
    expect(() =>
      inlineGraphqlDocuments(source('query Unknown { projects { id } }'), names, '/g.ts'),
    ).toThrow('npm run codegen');
  });
});
