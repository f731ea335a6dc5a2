import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { ACTIVITY_LOG_REFRESH_MS } from '@asset-portal/shared';
import { useCallback } from 'react';
import { listLoadFailed } from '../../components/data-table/table-texts.ts';
import { graphql } from '../../graphql/generated/gql.ts';
import type { ActivityLogFieldsFragment } from '../../graphql/generated/graphql.ts';
import { type ActivityLogFilterState, acknowledgedFilterValue } from './activity-log-format.ts';

/** One row of the activity log as the screen shows it. */
export type ActivityLogRow = ActivityLogFieldsFragment;

/** The fields of an activity-log row, for every list of logs (Activity Logs, upload tabs). */
export const ACTIVITY_LOG_FIELDS = graphql(`
  fragment ActivityLogFields on ActivityLog {
    id
    activityType
    status
    message
    logFileUrl
    payload
    metrics
    user {
      id
      name
    }
    created
    submitted
    started
    completed
    isAcknowledged
  }
`);

export const ACTIVITY_LOGS_QUERY = graphql(`
  query ActivityLogs(
    $pageIndex: Int
    $pageSize: Int
    $activityTypeFilter: String
    $statusFilter: String
    $userIdFilter: ID
    $isAcknowledgedFilter: Boolean
  ) {
    activityLogs(
      pageIndex: $pageIndex
      pageSize: $pageSize
      sort: "created:desc"
      activityTypeFilter: $activityTypeFilter
      statusFilter: $statusFilter
      userIdFilter: $userIdFilter
      isAcknowledgedFilter: $isAcknowledgedFilter
    ) {
      total
      take
      skip
      items {
        ...ActivityLogFields
      }
    }
  }
`);

const FILTER_OPTIONS_QUERY = graphql(`
  query ActivityLogFilterOptions {
    activityLogTypes
    orgUsers {
      id
      name
    }
  }
`);

/** Sets the acknowledgement of one log. */
export const ACKNOWLEDGE_ACTIVITY_LOG = graphql(`
  mutation AcknowledgeActivityLog($id: ID!, $isAcknowledged: Boolean!) {
    acknowledgeActivityLog(id: $id, isAcknowledged: $isAcknowledged) {
      __typename
      id
      isAcknowledged
    }
  }
`);

const ACKNOWLEDGE_MANY = graphql(`
  mutation AcknowledgeMultipleActivityLogs(
    $activityTypeFilter: String
    $statusFilter: String
    $userIdFilter: ID
    $isAcknowledged: Boolean!
  ) {
    acknowledgeMultipleActivityLogs(
      activityTypeFilter: $activityTypeFilter
      statusFilter: $statusFilter
      userIdFilter: $userIdFilter
      isAcknowledged: $isAcknowledged
    )
  }
`);

const LOG_FILE_URL = graphql(`
  query ActivityLogFileUrl($id: ID!) {
    activityLogFileUrl(id: $id)
  }
`);

const blankToNull = (value: string) => (value === '' ? null : value);

/** The type, status and user filters as the API takes them. */
function filterVariables(filters: ActivityLogFilterState) {
  return {
    activityTypeFilter: blankToNull(filters.activityType),
    statusFilter: blankToNull(filters.status),
    userIdFilter: blankToNull(filters.userId),
  };
}

/** One page of the logs the caller may see; polls every 10 s while `autoRefresh` is on. */
export function useActivityLogs(
  filters: ActivityLogFilterState,
  pageIndex: number,
  pageSize: number,
  autoRefresh: boolean,
) {
  const { data, previousData, loading, error, refetch } = useQuery(ACTIVITY_LOGS_QUERY, {
    variables: {
      ...filterVariables(filters),
      isAcknowledgedFilter: acknowledgedFilterValue(filters.acknowledged),
      pageIndex,
      pageSize,
    },
    pollInterval: autoRefresh ? ACTIVITY_LOG_REFRESH_MS : 0,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });
  // Keep the previous page on screen while the next one loads, so the table does not blink.
  const page = (data ?? previousData)?.activityLogs;
  const loadFailed = listLoadFailed(error, page);
  return { logs: page?.items ?? [], total: page?.total ?? 0, loading, loadFailed, refetch };
}

/** Activity types and the users the caller may filter by (the server scopes orgUsers). */
export function useActivityLogFilterOptions() {
  const { data } = useQuery(FILTER_OPTIONS_QUERY, { fetchPolicy: 'cache-and-network' });
  const users = [...(data?.orgUsers ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return { activityTypes: data?.activityLogTypes ?? [], users };
}

/** Sets or clears the acknowledgement of one log. */
export function useAcknowledgeActivityLog() {
  const [mutate] = useMutation(ACKNOWLEDGE_ACTIVITY_LOG, { refetchQueries: ['ActivityLogs'] });
  // Stable: the table's columns depend on it (new columns mount every cell anew).
  return useCallback(
    (id: string, isAcknowledged: boolean) =>
      mutate({
        variables: { id, isAcknowledged },
        // The checkbox follows the click at once; a refused change rolls back.
        optimisticResponse: {
          acknowledgeActivityLog: { __typename: 'ActivityLog', id, isAcknowledged },
        },
      }),
    [mutate],
  );
}

/** Acknowledges every log matching the type, status and user filters; resolves with the count. */
export function useAcknowledgeMultipleActivityLogs() {
  const [mutate] = useMutation(ACKNOWLEDGE_MANY, {
    refetchQueries: ['ActivityLogs'],
  });
  return async (filters: ActivityLogFilterState) => {
    const result = await mutate({
      variables: { ...filterVariables(filters), isAcknowledged: true },
    });
    return result.data?.acknowledgeMultipleActivityLogs ?? 0;
  };
}

/** Asks the server for a short-lived link to a log's file (a stable function). */
export function useActivityLogFileUrl() {
  const client = useApolloClient();
  return useCallback(
    async (id: string) => {
      const result = await client.query({
        query: LOG_FILE_URL,
        variables: { id },
        fetchPolicy: 'network-only',
      });
      return result.data?.activityLogFileUrl ?? null;
    },
    [client],
  );
}
