import { useMutation, useQuery } from '@apollo/client/react';
import { UPLOAD_ERROR_POLL_MS } from '@asset-portal/shared';
import { useCallback, useEffect } from 'react';
import { useSession } from '../../auth/SessionContext.tsx';
import { graphql } from '../../graphql/generated/gql.ts';
import { busyWork } from '../../idle/busy-work-store.ts';
import { useStore } from '../../lib/create-store.ts';
import { ACKNOWLEDGE_ACTIVITY_LOG } from '../activity-logs/use-activity-logs.ts';
import { uploadEngine } from './upload-service.ts';

export const UPLOAD_LOGS_QUERY = graphql(`
  query UploadLogs(
    $pageIndex: Int
    $pageSize: Int
    $statusFilter: String
    $userIdFilter: ID
    $isAcknowledgedFilter: Boolean
  ) {
    activityLogs(
      pageIndex: $pageIndex
      pageSize: $pageSize
      sort: "created:desc"
      activityTypeFilter: "PackageUpload"
      statusFilter: $statusFilter
      userIdFilter: $userIdFilter
      isAcknowledgedFilter: $isAcknowledgedFilter
    ) {
      total
      items {
        ...ActivityLogFields
      }
    }
  }
`);

function useCurrentUserId(): string | null {
  const { session } = useSession();
  return session.status === 'signedIn' ? session.user.id : null;
}

/** Only the current user's unacknowledged upload errors (spec §2, Upload Errors tab). */
const ERROR_FILTERS = { statusFilter: 'Error', isAcknowledgedFilter: false };

/**
 * How many unacknowledged upload errors the user has. Polls every 10 s only while uploads are
 * queued or active, and looks again whenever one of this page's uploads has written its log
 * (a failed upload shows its error at once; its Error entry follows).
 */
export function useUploadErrorCount(): number {
  const userIdFilter = useCurrentUserId();
  const { isBusy } = useStore(busyWork);
  const logWrites = useStore(uploadEngine.logWrites);
  const { data, refetch } = useQuery(UPLOAD_LOGS_QUERY, {
    variables: { ...ERROR_FILTERS, userIdFilter, pageIndex: 0, pageSize: 1 },
    skip: !userIdFilter,
    pollInterval: isBusy ? UPLOAD_ERROR_POLL_MS : 0,
    fetchPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (logWrites > 0) refetch().catch(() => {});
  }, [logWrites, refetch]);
  return data?.activityLogs.total ?? 0;
}

export const INGEST_ERRORS_QUERY = graphql(`
  query IngestErrors($userIdFilter: ID, $pageSize: Int) {
    activityLogs(
      pageIndex: 0
      pageSize: $pageSize
      sort: "created:desc"
      activityTypeFilter: "PackageIngest"
      statusFilter: "Error"
      userIdFilter: $userIdFilter
      isAcknowledgedFilter: false
    ) {
      total
      items {
        id
        message
      }
    }
  }
`);

/** How many of the user's ingestion errors the Package Upload screen names. */
export const INGEST_ERRORS_SHOWN = 3;

/**
 * The user's unacknowledged ingestion errors (newest first, the first INGEST_ERRORS_SHOWN): an
 * upload that completed whose package could not be read (a broken file, a device not of the
 * organization). Its upload entry says Completed, so the screen says it too. Checked every
 * 10 s: ingestion ends after the upload, when nothing is uploading any more.
 */
export function useIngestErrors() {
  const userIdFilter = useCurrentUserId();
  const { data } = useQuery(INGEST_ERRORS_QUERY, {
    variables: { userIdFilter, pageSize: INGEST_ERRORS_SHOWN },
    skip: !userIdFilter,
    pollInterval: UPLOAD_ERROR_POLL_MS,
    fetchPolicy: 'cache-and-network',
  });
  return { errors: data?.activityLogs.items ?? [], total: data?.activityLogs.total ?? 0 };
}

/** Acknowledges the given logs; the ingestion errors shown follow. */
export function useAcknowledgeIngestErrors() {
  const [mutate] = useMutation(ACKNOWLEDGE_ACTIVITY_LOG, { refetchQueries: ['IngestErrors'] });
  return useCallback(
    (ids: readonly string[]) =>
      Promise.all(ids.map((id) => mutate({ variables: { id, isAcknowledged: true } }))),
    [mutate],
  );
}

/** One page of the user's upload log: the errors to acknowledge, or the whole history. */
export function useUploadLogs(kind: 'errors' | 'history', pageIndex: number, pageSize: number) {
  const userIdFilter = useCurrentUserId();
  const logWrites = useStore(uploadEngine.logWrites);
  const { data, previousData, loading, refetch } = useQuery(UPLOAD_LOGS_QUERY, {
    variables: {
      ...(kind === 'errors' ? ERROR_FILTERS : {}),
      userIdFilter,
      pageIndex,
      pageSize,
    },
    skip: !userIdFilter,
    fetchPolicy: 'cache-and-network',
  });
  // An upload of this page has just written its log entry.
  useEffect(() => {
    if (logWrites > 0) refetch().catch(() => {});
  }, [logWrites, refetch]);
  const page = (data ?? previousData)?.activityLogs;
  return { logs: page?.items ?? [], total: page?.total ?? 0, loading };
}

/** Sets the acknowledgement of one log; the upload lists and the error count follow. */
export function useAcknowledgeUploadLog() {
  const [mutate] = useMutation(ACKNOWLEDGE_ACTIVITY_LOG, { refetchQueries: ['UploadLogs'] });
  return useCallback(
    (id: string, isAcknowledged: boolean) => mutate({ variables: { id, isAcknowledged } }),
    [mutate],
  );
}
