import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { graphql } from '../../../graphql/generated/gql.ts';
import { sortAnnotationsByIdDesc } from './annotation-model.ts';

export const ANNOTATION_FIELDS = graphql(`
  fragment AnnotationFields on Annotation {
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
  }
`);

const PROJECT_ANNOTATIONS = graphql(`
  query ProjectAnnotations($projectId: ID!) {
    annotations(projectId: $projectId) {
      ...AnnotationFields
    }
  }
`);

const CREATE_ANNOTATION = graphql(`
  mutation CreateAnnotation($scanId: ID!, $title: String!, $type: String, $comment: String, $point: JSON!) {
    createAnnotation(scanId: $scanId, title: $title, type: $type, comment: $comment, point: $point) {
      ...AnnotationFields
    }
  }
`);

const UPDATE_ANNOTATION = graphql(`
  mutation UpdateAnnotation($id: ID!, $title: String!, $type: String, $comment: String, $point: JSON!) {
    updateAnnotation(id: $id, title: $title, type: $type, comment: $comment, point: $point) {
      ...AnnotationFields
    }
  }
`);

const DELETE_ANNOTATION = graphql(`
  mutation DeleteAnnotation($id: ID!) {
    deleteAnnotation(id: $id)
  }
`);

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
  const { data, loading, error } = useQuery(PROJECT_ANNOTATIONS, {
    variables: { projectId },
    fetchPolicy: 'cache-and-network',
  });
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
  const [mutate] = useMutation(DELETE_ANNOTATION, AFTER_CHANGE);
  return useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
}
