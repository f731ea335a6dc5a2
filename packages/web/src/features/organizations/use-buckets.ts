import { gql } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import type { BucketConnectionResult } from '@asset-portal/shared';
import { ORGANIZATION_REFETCH } from './use-organizations.ts';

/** A bucket as the API shows it: whether credentials are set, never the credentials. */
export interface BucketItem {
  id: string;
  name: string;
  endpoint: string | null;
  region: string;
  bucket: string;
  prefix: string;
  forcePathStyle: boolean;
  hasCredentials: boolean;
}

/** The connection settings a test sends; blank credentials with an id reuse the saved ones. */
export interface BucketSettingsVariables {
  endpoint: string | null;
  region: string;
  bucket: string;
  prefix: string | null;
  forcePathStyle: boolean;
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

export interface BucketVariables extends BucketSettingsVariables {
  name: string;
}

const BUCKET_FIELDS = gql`
  fragment BucketFields on Bucket {
    id
    name
    endpoint
    region
    bucket
    prefix
    forcePathStyle
    hasCredentials
  }
`;

const BUCKETS_QUERY = gql`
  query OrganizationBuckets($organizationId: ID) {
    buckets(organizationId: $organizationId) {
      ...BucketFields
    }
  }
  ${BUCKET_FIELDS}
`;

const SETTINGS_PARAMS = `$endpoint: String, $region: String!, $bucket: String!, $prefix: String, $forcePathStyle: Boolean, $accessKeyId: String, $secretAccessKey: String`;
const SETTINGS_ARGS = `endpoint: $endpoint, region: $region, bucket: $bucket, prefix: $prefix, forcePathStyle: $forcePathStyle, accessKeyId: $accessKeyId, secretAccessKey: $secretAccessKey`;

const CREATE_BUCKET = gql`
  mutation CreateBucket($organizationId: ID!, $name: String!, ${SETTINGS_PARAMS}) {
    createBucket(organizationId: $organizationId, name: $name, ${SETTINGS_ARGS}) {
      ...BucketFields
    }
  }
  ${BUCKET_FIELDS}
`;

const UPDATE_BUCKET = gql`
  mutation UpdateBucket($id: ID!, $name: String!, ${SETTINGS_PARAMS}) {
    updateBucket(id: $id, name: $name, ${SETTINGS_ARGS}) {
      ...BucketFields
    }
  }
  ${BUCKET_FIELDS}
`;

const DELETE_BUCKET = gql`
  mutation DeleteBucket($id: ID!) {
    deleteBucket(id: $id)
  }
`;

const TEST_BUCKET_CONNECTION = gql`
  mutation TestBucketConnection($id: ID!) {
    testBucketConnection(id: $id) {
      ok
      message
    }
  }
`;

const TEST_BUCKET_SETTINGS = gql`
  mutation TestBucketSettings($id: ID, ${SETTINGS_PARAMS}) {
    testBucketSettings(id: $id, ${SETTINGS_ARGS}) {
      ok
      message
    }
  }
`;

const REFETCH = ['OrganizationBuckets', ...ORGANIZATION_REFETCH];
const AFTER_CHANGE = { refetchQueries: REFETCH, awaitRefetchQueries: true } as const;

/** The buckets of one organization. */
export function useOrganizationBuckets(organizationId: string | null) {
  const { data, loading } = useQuery<{ buckets: BucketItem[] }>(
    BUCKETS_QUERY,
    organizationId === null
      ? { skip: true }
      : { variables: { organizationId }, fetchPolicy: 'cache-and-network' },
  );
  return { buckets: data?.buckets ?? [], loading };
}

export function useCreateBucket() {
  const [mutate] = useMutation(CREATE_BUCKET, AFTER_CHANGE);
  return {
    createBucket: (variables: BucketVariables & { organizationId: string }) =>
      mutate({ variables }),
  };
}

export function useUpdateBucket() {
  const [mutate] = useMutation(UPDATE_BUCKET, AFTER_CHANGE);
  return { updateBucket: (variables: BucketVariables & { id: string }) => mutate({ variables }) };
}

export function useDeleteBucket() {
  const [mutate] = useMutation(DELETE_BUCKET, AFTER_CHANGE);
  return { deleteBucket: (id: string) => mutate({ variables: { id } }) };
}

/** Tests a saved bucket's connection; resolves with the store's verdict. */
export function useTestBucketConnection() {
  const [mutate] = useMutation<{ testBucketConnection: BucketConnectionResult }>(
    TEST_BUCKET_CONNECTION,
  );
  return {
    testBucketConnection: async (id: string) =>
      (await mutate({ variables: { id } })).data?.testBucketConnection,
  };
}

/** Tests settings typed in the dialog before they are saved. */
export function useTestBucketSettings() {
  const [mutate] = useMutation<{ testBucketSettings: BucketConnectionResult }>(
    TEST_BUCKET_SETTINGS,
  );
  return {
    testBucketSettings: async (variables: BucketSettingsVariables & { id: string | null }) =>
      (await mutate({ variables })).data?.testBucketSettings,
  };
}
