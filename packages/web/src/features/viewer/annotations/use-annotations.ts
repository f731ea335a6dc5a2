import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { type AnnotationItem, sortAnnotationsByIdDesc } from './annotation-model.ts';

const FIELDS = `
  id
  scanId
  title
  type
  comment
  point {
    type
    coordinates
  }
  created
  lastModified
  user {
    id
    name
  }
  scan {
    id
    friendlyName
  }
`;

const PROJECT_ANNOTATIONS = gql(`
  query ProjectAnnotations($projectId: ID!) {
    annotations(projectId: $projectId) { ${FIELDS} }
  }
`);

const CREATE_ANNOTATION = gql(`
  mutation CreateAnnotation($scanId: ID!, $title: String!, $type: String, $comment: String, $point: JSON!) {
    createAnnotation(scanId: $scanId, title: $title, type: $type, comment: $comment, point: $point) { ${FIELDS} }
  }
`);

const UPDATE_ANNOTATION = gql(`
  mutation UpdateAnnotation($id: ID!, $title: String!, $type: String, $comment: String, $point: JSON!) {
    updateAnnotation(id: $id, title: $title, type: $type, comment: $comment, point: $point) { ${FIELDS} }
  }
`);

const DELETE_ANNOTATION = gql`
  mutation DeleteAnnotation($id: ID!) {
    deleteAnnotation(id: $id)
  }
`;

const REFETCH = ['ProjectAnnotations'];
const AFTER_CHANGE = { refetchQueries: REFETCH, awaitRefetchQueries: true } as const;

/** Fields written by create and update. */
export interface AnnotationChange {
  title: string;
  type: string | null;
  comment: string | null;
  point: { type: 'Point'; coordinates: number[] };
}

/** The project's annotations, newest id first (spec §4). */
export function useProjectAnnotations(projectId: string) {
  const { data, loading, error } = useQuery<{ annotations: AnnotationItem[] }>(
    PROJECT_ANNOTATIONS,
    { variables: { projectId }, fetchPolicy: 'cache-and-network' },
  );
  const annotations = useMemo(
    () => sortAnnotationsByIdDesc(data?.annotations ?? []),
    [data?.annotations],
  );
  return { annotations, loading, failed: error !== undefined };
}

export function useCreateAnnotation() {
  const [mutate] = useMutation(CREATE_ANNOTATION, AFTER_CHANGE);
  return useCallback(
    (scanId: string, change: AnnotationChange) => mutate({ variables: { scanId, ...change } }),
    [mutate],
  );
}

export function useUpdateAnnotation() {
  const [mutate] = useMutation(UPDATE_ANNOTATION, AFTER_CHANGE);
  return useCallback(
    (id: string, change: AnnotationChange) => mutate({ variables: { id, ...change } }),
    [mutate],
  );
}

export function useDeleteAnnotation() {
  const [mutate] = useMutation<{ deleteAnnotation: boolean }, { id: string }>(
    DELETE_ANNOTATION,
    AFTER_CHANGE,
  );
  return useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
}
