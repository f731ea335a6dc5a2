import { skipToken, useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { PROCESSING_POLL_MS } from '@asset-portal/shared';
import { useCallback, useEffect } from 'react';
import { listLoadFailed } from '../../components/data-table/table-texts.ts';
import { graphql } from '../../graphql/generated/gql.ts';
import type {
  PotentialBasestationsQuery,
  TrajectoryRunFieldsFragment,
  TrajectorySessionSummaryQuery,
} from '../../graphql/generated/graphql.ts';

/** A trajectory processing run as both screens show it (`statusMessge` is spelled so in the API). */
export type TrajectoryRun = TrajectoryRunFieldsFragment;

export type SessionSummaryItem = TrajectorySessionSummaryQuery['sessionSummary'][number];

export type PotentialBasestationMatch = PotentialBasestationsQuery['potentialBasestations'][number];

export const RUN_FIELDS = graphql(`
  fragment TrajectoryRunFields on TrajectoryProcessingRun {
    id
    sessionId
    basestationIds
    status
    statusMessge
    logS3Url
    ambStatusS3Url
    altitudeSeparationsS3Url
    distanceSeparationsS3Url
    numSatsS3Url
    trajectoryAuditS3Url
    versionName
    metrics
    submitted
    started
    completed
  }
`);

const SESSION_SUMMARY = graphql(`
  query TrajectorySessionSummary($projectId: ID!) {
    sessionSummary(projectId: $projectId) {
      projectId
      sessionId
      assignmentType
      capturedTimestamp
      endCapturedTimestamp
      status
      scanCount
      roverObservation
      trajectoryProcessingRuns {
        ...TrajectoryRunFields
      }
    }
  }
`);

const AVAILABILITY = graphql(`
  query TrajectoryProcessingAvailability {
    trajectoryProcessingAvailability {
      available
      message
    }
  }
`);

const POTENTIAL_BASESTATIONS = graphql(`
  query PotentialBasestations($sessionId: String!) {
    potentialBasestations(sessionId: $sessionId) {
      basestation {
        id
        filename
        markerName
        startTimestamp
        endTimestamp
        point {
          coordinates
        }
      }
      session {
        sessionId
        timestamps
        scanCount
        startPoint
        endPoint
      }
      distance
      recommended
      ownReceiver
    }
  }
`);

const TIME_MATCHED_SESSIONS = graphql(`
  query TimeMatchedSessionsForBasestation($basestationId: ID!) {
    timeMatchedSessionsForBasestation(basestationId: $basestationId) {
      projectId
      sessionId
      capturedTimestamp
      endCapturedTimestamp
      status
      scanCount
    }
  }
`);

const CREATE_RUN = graphql(`
  mutation CreateSessionTrajectoryProcessingRun($input: TrajectoryProcessingRunInput!) {
    createSessionTrajectoryProcessingRun(trajectoryProcessingRun: $input) {
      ...TrajectoryRunFields
    }
  }
`);

const SIGNED_S3_URL = graphql(`
  query SignedS3Url($s3Url: String!) {
    getSignedS3Url(s3Url: $s3Url)
  }
`);

/** Starts polling while `active` is true and stops when it turns false. */
export function usePollWhile(
  active: boolean,
  polling: { startPolling(ms: number): void; stopPolling(): void },
): void {
  const { startPolling, stopPolling } = polling;
  useEffect(() => {
    if (!active) return;
    startPolling(PROCESSING_POLL_MS);
    return () => stopPolling();
  }, [active, startPolling, stopPolling]);
}

/** The project's sessions with their runs; nothing while no project is chosen. */
export function useSessionSummary(projectId: string | null) {
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(
    SESSION_SUMMARY,
    projectId === null ? skipToken : { variables: { projectId }, fetchPolicy: 'cache-and-network' },
  );
  return {
    sessions: data?.sessionSummary ?? [],
    loading,
    loadFailed: listLoadFailed(error, data),
    refetch,
    polling: { startPolling, stopPolling },
  };
}

/** Whether the workers can run RTKLIB, and what to tell the user when they cannot. */
export function useTrajectoryProcessingAvailability() {
  const { data } = useQuery(AVAILABILITY, { fetchPolicy: 'cache-and-network' });
  return data?.trajectoryProcessingAvailability ?? null;
}

/** The base stations that could process a session; skipped with no session chosen. */
export function usePotentialBasestations(sessionId: string | null) {
  const { data, loading } = useQuery(
    POTENTIAL_BASESTATIONS,
    sessionId === null ? skipToken : { variables: { sessionId }, fetchPolicy: 'network-only' },
  );
  return { matches: data?.potentialBasestations ?? [], loading };
}

/** The sessions a base station's window covers; skipped without an id. */
export function useTimeMatchedSessions(basestationId: string | null) {
  const { data, loading } = useQuery(
    TIME_MATCHED_SESSIONS,
    basestationId === null
      ? skipToken
      : { variables: { basestationId }, fetchPolicy: 'network-only' },
  );
  return { sessions: data?.timeMatchedSessionsForBasestation ?? [], loading };
}

/** Submits a session for processing with the chosen base stations. */
export function useCreateTrajectoryRun() {
  const [mutate] = useMutation(CREATE_RUN, { refetchQueries: ['TrajectorySessionSummary'] });
  return useCallback(
    (sessionId: string, basestationIds: string[]) =>
      mutate({ variables: { input: { sessionId, basestationIds } } }),
    [mutate],
  );
}

/** A short-lived GET link for an object of the caller's organization (null when missing). */
export function useSignedS3Url() {
  const client = useApolloClient();
  return useCallback(
    async (s3Url: string) => {
      const result = await client.query({
        query: SIGNED_S3_URL,
        variables: { s3Url },
        fetchPolicy: 'network-only',
      });
      return result.data?.getSignedS3Url ?? null;
    },
    [client],
  );
}

/** Fetches an object through a signed link: its text, or an Error saying what failed. */
export async function fetchSignedText(
  signedUrl: (s3Url: string) => Promise<string | null>,
  s3Url: string,
): Promise<string> {
  const url = await signedUrl(s3Url);
  if (!url) throw new Error(`No link for ${s3Url}`);
  const response = await fetch(url, { credentials: 'same-origin' });
  const text = await response.text();
  if (!response.ok) throw new Error(`${s3Url}: HTTP ${response.status}`);
  return text;
}
