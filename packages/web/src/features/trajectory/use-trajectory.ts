import { gql } from '@apollo/client';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { PROCESSING_POLL_MS } from '@asset-portal/shared';
import { useCallback, useEffect } from 'react';

/** A trajectory processing run as both screens show it. */
export interface TrajectoryRun {
  id: string;
  sessionId: string;
  basestationIds: number[];
  status: string;
  /** Spelled so in the product's API. */
  statusMessge: string | null;
  logS3Url: string | null;
  ambStatusS3Url: string | null;
  altitudeSeparationsS3Url: string | null;
  distanceSeparationsS3Url: string | null;
  numSatsS3Url: string | null;
  trajectoryAuditS3Url: string | null;
  versionName: string | null;
  metrics: unknown;
  submitted: string | null;
  started: string | null;
  completed: string | null;
}

export interface SessionSummaryItem {
  projectId: string | null;
  sessionId: string;
  assignmentType: string | null;
  capturedTimestamp: string;
  endCapturedTimestamp: string;
  status: string;
  scanCount: number;
  trajectoryProcessingRuns: TrajectoryRun[];
}

export interface PotentialBasestationMatch {
  basestation: {
    id: string;
    filename: string;
    markerName: string | null;
    startTimestamp: string | null;
    endTimestamp: string | null;
    point: { coordinates: number[] } | null;
  };
  session: {
    sessionId: string;
    timestamps: string[];
    scanCount: number;
    startPoint: number[] | null;
    endPoint: number[] | null;
  };
  distance: number;
  recommended: boolean;
}

export const RUN_FIELDS = gql`
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
`;

const SESSION_SUMMARY = gql`
  query TrajectorySessionSummary($projectId: ID!) {
    sessionSummary(projectId: $projectId) {
      projectId
      sessionId
      assignmentType
      capturedTimestamp
      endCapturedTimestamp
      status
      scanCount
      trajectoryProcessingRuns {
        ...TrajectoryRunFields
      }
    }
  }
  ${RUN_FIELDS}
`;

const AVAILABILITY = gql`
  query TrajectoryProcessingAvailability {
    trajectoryProcessingAvailability {
      available
      message
    }
  }
`;

const POTENTIAL_BASESTATIONS = gql`
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
    }
  }
`;

const TIME_MATCHED_SESSIONS = gql`
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
`;

const CREATE_RUN = gql`
  mutation CreateSessionTrajectoryProcessingRun($input: TrajectoryProcessingRunInput!) {
    createSessionTrajectoryProcessingRun(trajectoryProcessingRun: $input) {
      ...TrajectoryRunFields
    }
  }
  ${RUN_FIELDS}
`;

const SIGNED_S3_URL = gql`
  query SignedS3Url($s3Url: String!) {
    getSignedS3Url(s3Url: $s3Url)
  }
`;

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
  const { data, loading, refetch, startPolling, stopPolling } = useQuery<{
    sessionSummary: SessionSummaryItem[];
  }>(
    SESSION_SUMMARY,
    projectId === null
      ? { skip: true }
      : { variables: { projectId }, fetchPolicy: 'cache-and-network' },
  );
  return {
    sessions: data?.sessionSummary ?? [],
    loading,
    refetch,
    polling: { startPolling, stopPolling },
  };
}

/** Whether the workers can run RTKLIB, and what to tell the user when they cannot. */
export function useTrajectoryProcessingAvailability() {
  const { data } = useQuery<{
    trajectoryProcessingAvailability: { available: boolean; message: string | null };
  }>(AVAILABILITY, { fetchPolicy: 'cache-and-network' });
  return data?.trajectoryProcessingAvailability ?? null;
}

/** The base stations that could process a session; skipped with no session chosen. */
export function usePotentialBasestations(sessionId: string | null) {
  const { data, loading } = useQuery<{ potentialBasestations: PotentialBasestationMatch[] }>(
    POTENTIAL_BASESTATIONS,
    sessionId === null ? { skip: true } : { variables: { sessionId }, fetchPolicy: 'network-only' },
  );
  return { matches: data?.potentialBasestations ?? [], loading };
}

/** The sessions a base station's window covers; skipped without an id. */
export function useTimeMatchedSessions(basestationId: string | null) {
  const { data, loading } = useQuery<{
    timeMatchedSessionsForBasestation: Omit<SessionSummaryItem, 'trajectoryProcessingRuns'>[];
  }>(
    TIME_MATCHED_SESSIONS,
    basestationId === null
      ? { skip: true }
      : { variables: { basestationId }, fetchPolicy: 'network-only' },
  );
  return { sessions: data?.timeMatchedSessionsForBasestation ?? [], loading };
}

/** Submits a session for processing with the chosen base stations. */
export function useCreateTrajectoryRun() {
  const [mutate] = useMutation<
    { createSessionTrajectoryProcessingRun: TrajectoryRun },
    { input: { sessionId: string; basestationIds: string[] } }
  >(CREATE_RUN, { refetchQueries: ['TrajectorySessionSummary'] });
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
      const result = await client.query<{ getSignedS3Url: string | null }>({
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
