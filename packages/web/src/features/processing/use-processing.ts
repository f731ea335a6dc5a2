import { skipToken, useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import type { BoundingBox } from '@asset-portal/shared';
import { useCallback, useEffect, useState } from 'react';
import { graphql } from '../../graphql/generated/gql.ts';
import type {
  ProcessingPdalCheckQuery,
  PublishProjectQuery,
} from '../../graphql/generated/graphql.ts';
import { hasOrganization, type WithOrganization } from '../projects/use-projects.ts';

const PDAL_QUERY = graphql(`
  query ProcessingPdalCheck($submission: PdalSubmission!) {
    pdal(submission: $submission) {
      ok
      errors
      stages {
        type
      }
    }
  }
`);

const PROCESS_SCANS = graphql(`
  mutation ProcessScans($submission: ProcessingSubmission!) {
    processScans(submission: $submission) {
      submitted
    }
  }
`);

const PUBLISH_SCANS = graphql(`
  mutation PublishScans(
    $projectId: ID!
    $bucketId: ID!
    $targetFolder: String!
    $includeImages: Boolean!
    $transform: Boolean!
    $scans: [PublishScanInput!]!
  ) {
    publishScans(
      projectId: $projectId
      bucketId: $bucketId
      targetFolder: $targetFolder
      includeImages: $includeImages
      transform: $transform
      scans: $scans
    ) {
      submitted
    }
  }
`);

const PUBLISH_SCAN = graphql(`
  mutation PublishScan(
    $projectId: ID!
    $bucketId: ID!
    $targetFolder: String!
    $includeImages: Boolean!
    $transform: Boolean!
    $scan: PublishScanInput!
  ) {
    publishScan(
      projectId: $projectId
      bucketId: $bucketId
      targetFolder: $targetFolder
      includeImages: $includeImages
      transform: $transform
      scan: $scan
    ) {
      submitted
    }
  }
`);

const PUBLISH_PROJECT_QUERY = graphql(`
  query PublishProject($id: ID!) {
    project(id: $id) {
      id
      name
      projection
      organization {
        id
      }
    }
  }
`);

const UNSTORED_QUERY = graphql(`
  query ScansWithoutStoredCloud($scanIds: [ID!]!) {
    scansWithoutStoredCloud(scanIds: $scanIds)
  }
`);

const PUBLISH_BUCKETS_QUERY = graphql(`
  query PublishBuckets($organizationId: ID) {
    buckets(organizationId: $organizationId) {
      id
      name
      prefix
    }
  }
`);

const PUBLISHED_SCANS_QUERY = graphql(`
  query PublishedScans($projectId: ID!, $bucketId: ID!, $targetFolder: String!, $scanIds: [ID!]!) {
    publishedScans(
      projectId: $projectId
      bucketId: $bucketId
      targetFolder: $targetFolder
      scanIds: $scanIds
    )
  }
`);

export type PdalCheck = ProcessingPdalCheckQuery['pdal'];

export interface ProcessingSubmission {
  artifactIds: string[];
  name: string;
  pipeline: string;
}

export interface PublishVariables {
  projectId: string;
  bucketId: string;
  targetFolder: string;
  includeImages: boolean;
  transform: boolean;
}

export type PublishProject = WithOrganization<NonNullable<PublishProjectQuery['project']>>;

/**
 * Asks the pipeline engine about a pipeline, for one scan or (scanId null) for none:
 * `pdal(submission)` answers its errors instead of failing, so they can be shown in the dialog.
 */
export function usePdalCheck() {
  const client = useApolloClient();
  return useCallback(
    async (
      pipeline: string,
      scanId: string | null,
      boundingBox: BoundingBox | null,
    ): Promise<PdalCheck> => {
      const { data } = await client.query({
        query: PDAL_QUERY,
        variables: { submission: { pipeline, scanId, boundingBox } },
        fetchPolicy: 'no-cache',
      });
      if (!data) throw new Error('The pipeline could not be checked');
      return data.pdal;
    },
    [client],
  );
}

export function useProcessScans() {
  const [mutate] = useMutation(PROCESS_SCANS);
  return useCallback(
    async (submission: ProcessingSubmission) =>
      (await mutate({ variables: { submission } })).data?.processScans.submitted ?? 0,
    [mutate],
  );
}

/** Publishes one scan with publishScan, several with publishScans. */
export function usePublishScans() {
  const [publishMany] = useMutation(PUBLISH_SCANS);
  const [publishOne] = useMutation(PUBLISH_SCAN);
  return useCallback(
    async (
      variables: PublishVariables,
      scans: { scanId: string; sessionId: string | null }[],
    ): Promise<number> => {
      const [only] = scans;
      if (scans.length === 1 && only) {
        const result = await publishOne({ variables: { ...variables, scan: only } });
        return result.data?.publishScan.submitted ?? 0;
      }
      const result = await publishMany({ variables: { ...variables, scans } });
      return result.data?.publishScans.submitted ?? 0;
    },
    [publishMany, publishOne],
  );
}

/** The project's name (the folder prefix), projection (the Transform option) and organization. */
export function usePublishProject(projectId: string | null) {
  const { data, loading } = useQuery(
    PUBLISH_PROJECT_QUERY,
    projectId === null ? skipToken : { variables: { id: projectId } },
  );
  const project = data?.project && hasOrganization(data.project) ? data.project : null;
  return { project, loading };
}

/**
 * Of the scans, those already published to the folder of the bucket, and the folder that answer
 * is for (both null: not asked, while the bucket or a valid folder is missing, or not answered
 * yet). Asked once the typing has paused, not at every key.
 */
export function usePublishedScans(
  projectId: string,
  bucketId: string,
  folder: string | null,
  scanIds: readonly string[],
) {
  const [settled, setSettled] = useState(folder);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(folder), FOLDER_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [folder]);
  const asked = bucketId !== '' && settled !== null && settled === folder && scanIds.length > 0;
  const { data } = useQuery(
    PUBLISHED_SCANS_QUERY,
    asked
      ? {
          variables: { projectId, bucketId, targetFolder: settled, scanIds: [...scanIds] },
          fetchPolicy: 'network-only',
        }
      : skipToken,
  );
  // The folder the answer is for, so that a screen (and its tests) can tell an answer from none.
  const answered = asked && data !== undefined;
  return {
    published: answered ? data.publishedScans : null,
    checkedFolder: answered ? settled : null,
  };
}

/** How long the Folder field must rest before the bucket is asked what it holds there. */
const FOLDER_SETTLE_MS = 400;

/** The buckets of an organization to publish to: id and name only. */
export function usePublishBuckets(organizationId: string | null) {
  const { data, loading } = useQuery(
    PUBLISH_BUCKETS_QUERY,
    organizationId === null
      ? skipToken
      : { variables: { organizationId }, fetchPolicy: 'cache-and-network' },
  );
  return { buckets: data?.buckets ?? [], loading: loading && !data };
}

/**
 * The scans among these whose point clouds the portal does not hold: the dialogs leave them out
 * before OK instead of having the submission refused. `checking` until the server has answered.
 */
export function useScansWithoutStoredCloud(scanIds: readonly string[]) {
  const { data, loading, error } = useQuery(
    UNSTORED_QUERY,
    scanIds.length === 0
      ? skipToken
      : { variables: { scanIds: [...scanIds] }, fetchPolicy: 'network-only' },
  );
  // Without an answer (the error link has shown why) the submission's own check still refuses.
  return { unstored: data?.scansWithoutStoredCloud ?? [], checking: loading && !data && !error };
}
