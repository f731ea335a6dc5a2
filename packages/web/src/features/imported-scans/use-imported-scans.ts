import { skipToken, useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { PROCESSING_POLL_MS } from '@asset-portal/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { listLoadFailed } from '../../components/data-table/table-texts.ts';
import { graphql } from '../../graphql/generated/gql.ts';
import type { ImportedScanFieldsFragment } from '../../graphql/generated/graphql.ts';
import { putFile } from '../../lib/put-file.ts';
import { isImportedScanActive } from './imported-scan-format.ts';
import type { ImportUploadApi } from './imported-scan-upload.ts';

/** An imported scan as the Imported Scans screen shows it. */
export type ImportedScanItem = ImportedScanFieldsFragment;

export const IMPORTED_SCAN_FIELDS = graphql(`
  fragment ImportedScanFields on ImportedScan {
    id
    friendlyName
    comment
    tags
    projectId
    metadata
    artifacts {
      id
      artifactType
      name
      status
    }
    capturedTimestamp
    trajectory
    sourceS3Url
    status
    processingStatus
    processingMessage
  }
`);

const IMPORTED_SCANS_FOR_PROJECT = graphql(`
  query ImportedScansForProject($projectId: ID!) {
    importedScansForProject(projectId: $projectId) {
      ...ImportedScanFields
    }
  }
`);

const CREATE = graphql(`
  mutation CreateImportedScan(
    $friendlyName: String!
    $comment: String
    $projectId: ID!
    $metadata: JSON!
    $capturedTimestamp: DateTime
  ) {
    createImportedScan(
      friendlyName: $friendlyName
      comment: $comment
      projectId: $projectId
      metadata: $metadata
      capturedTimestamp: $capturedTimestamp
    ) {
      ...ImportedScanFields
    }
  }
`);

const UPLOAD_URL = graphql(`
  query ImportScanUploadSignedUrl($importedScanId: ID!, $filename: String!, $size: Float!) {
    getImportScanUploadSignedURL(importedScanId: $importedScanId, filename: $filename, size: $size) {
      s3Uri
      uploadUrl
    }
  }
`);

const MULTIPART_INFO = graphql(`
  query ImportScanUploadMultipartInfo(
    $importedScanId: ID!
    $filename: String!
    $numberOfParts: Int!
    $size: Float!
  ) {
    getImportScanUploadMultipartInfo(
      importedScanId: $importedScanId
      filename: $filename
      numberOfParts: $numberOfParts
      size: $size
    ) {
      s3Uri
      uploadId
      parts {
        partNumber
        signedUrl
      }
    }
  }
`);

const COMPLETE_MULTIPART = graphql(`
  mutation CompleteImportScanUploadMultipart(
    $importedScanId: ID!
    $filename: String!
    $uploadId: String!
    $eTags: String!
  ) {
    completeImportScanUploadMultipart(
      importedScanId: $importedScanId
      filename: $filename
      uploadId: $uploadId
      eTags: $eTags
    )
  }
`);

const PROCESS = graphql(`
  mutation ProcessImportedScan(
    $importedScanId: ID!
    $s3Url: String!
    $determineTrajectory: Boolean!
  ) {
    processImportedScan(
      importedScanId: $importedScanId
      s3Url: $s3Url
      determineTrajectory: $determineTrajectory
    ) {
      ...ImportedScanFields
    }
  }
`);

const UPDATE_HEADER = graphql(`
  mutation UpdateImportedScanHeader(
    $id: ID!
    $friendlyName: String
    $comment: String
    $metadata: JSON
  ) {
    updateScanHeader(id: $id, friendlyName: $friendlyName, comment: $comment, metadata: $metadata) {
      id
    }
  }
`);

const DELETE = graphql(`
  mutation DeleteImportedScan($id: ID!) {
    deleteImportedScan(id: $id)
  }
`);

const REFETCH = ['ImportedScansForProject'];

/**
 * The project's imported scans; nothing while no project is chosen. Polled every 5 s while a
 * scan is being processed, so its status turns Completed (or Failed) without a reload.
 */
export function useImportedScans(projectId: string | null) {
  const { data, loading, error, startPolling, stopPolling } = useQuery(
    IMPORTED_SCANS_FOR_PROJECT,
    projectId === null ? skipToken : { variables: { projectId }, fetchPolicy: 'cache-and-network' },
  );
  const scans = useMemo(() => data?.importedScansForProject ?? [], [data]);
  const active = scans.some(isImportedScanActive);
  useEffect(() => {
    if (!active) return;
    startPolling(PROCESSING_POLL_MS);
    return () => stopPolling();
  }, [active, startPolling, stopPolling]);
  return { scans, loading, loadFailed: listLoadFailed(error, data) };
}

export interface CreateImportedScanVariables {
  friendlyName: string;
  comment: string | null;
  projectId: string;
  metadata: Record<string, unknown>;
  capturedTimestamp: string | null;
}

/** The calls of the create flow: record, upload links, processing, and the undo. */
export function useImportedScanCalls() {
  const client = useApolloClient();
  const refetch = useCallback(
    () => client.refetchQueries({ include: REFETCH }).then(() => undefined),
    [client],
  );

  const create = useCallback(
    async (variables: CreateImportedScanVariables) => {
      const result = await client.mutate({
        mutation: CREATE,
        variables,
      });
      const scan = result.data?.createImportedScan;
      if (!scan) throw new Error('The imported scan was not created');
      return scan;
    },
    [client],
  );

  /** The transfer of one scan's file: the signed links are asked for that scan. */
  const uploadApi = useCallback(
    (importedScanId: string): ImportUploadApi => ({
      async signedUrl(filename, size) {
        const result = await client.query({
          query: UPLOAD_URL,
          variables: { importedScanId, filename, size },
          fetchPolicy: 'network-only',
        });
        const answer = result.data?.getImportScanUploadSignedURL;
        if (!answer) throw new Error(`No upload link for ${filename}`);
        return answer;
      },
      async multipartInfo(filename, numberOfParts, size) {
        const result = await client.query({
          query: MULTIPART_INFO,
          variables: { importedScanId, filename, numberOfParts, size },
          fetchPolicy: 'network-only',
        });
        const answer = result.data?.getImportScanUploadMultipartInfo;
        if (!answer) throw new Error(`No upload links for ${filename}`);
        return answer;
      },
      async completeMultipart(filename, uploadId, eTags) {
        await client.mutate({
          mutation: COMPLETE_MULTIPART,
          variables: { importedScanId, filename, uploadId, eTags },
        });
      },
      put: putFile,
    }),
    [client],
  );

  const process = useCallback(
    async (importedScanId: string, s3Url: string, determineTrajectory: boolean) => {
      await client.mutate({
        mutation: PROCESS,
        variables: { importedScanId, s3Url, determineTrajectory },
      });
    },
    [client],
  );

  const remove = useCallback(
    async (id: string) => {
      await client.mutate({ mutation: DELETE, variables: { id } });
    },
    [client],
  );

  return { create, uploadApi, process, remove, refetch };
}

/** Saves name, comment and metadata of an imported scan (updateScanHeader). */
export function useUpdateImportedScanHeader() {
  const [mutate] = useMutation(UPDATE_HEADER);
  return useCallback(
    (variables: {
      id: string;
      friendlyName: string;
      comment: string | null;
      metadata: Record<string, unknown>;
    }) => mutate({ variables }),
    [mutate],
  );
}

/** Deletes an imported scan, its objects and rows; the list is fetched again. */
export function useDeleteImportedScan() {
  const [mutate] = useMutation(DELETE, {
    refetchQueries: REFETCH,
    awaitRefetchQueries: true,
  });
  return useCallback((id: string) => mutate({ variables: { id } }), [mutate]);
}
