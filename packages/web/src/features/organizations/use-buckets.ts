import { skipToken, useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../graphql/generated/gql.ts';
import type { BucketFieldsFragment } from '../../graphql/generated/graphql.ts';
import { ORGANIZATION_REFETCH } from './use-organizations.ts';

/** A bucket as the API shows it: whether credentials are set, never the credentials. */
export type BucketItem = BucketFieldsFragment;

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

export const BUCKET_FIELDS = graphql(`
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
`);

const BUCKETS_QUERY = graphql(`
  query OrganizationBuckets($organizationId: ID) {
    buckets(organizationId: $organizationId) {
      ...BucketFields
    }
  }
`);

const CREATE_BUCKET = graphql(`
  mutation CreateBucket(
    $organizationId: ID!
    $name: String!
    $endpoint: String
    $region: String!
    $bucket: String!
    $prefix: String
    $forcePathStyle: Boolean
    $accessKeyId: String
    $secretAccessKey: String
  ) {
    createBucket(
      organizationId: $organizationId
      name: $name
      endpoint: $endpoint
      region: $region
      bucket: $bucket
      prefix: $prefix
      forcePathStyle: $forcePathStyle
      accessKeyId: $accessKeyId
      secretAccessKey: $secretAccessKey
    ) {
      ...BucketFields
    }
  }
`);

const UPDATE_BUCKET = graphql(`
  mutation UpdateBucket(
    $id: ID!
    $name: String!
    $endpoint: String
    $region: String!
    $bucket: String!
    $prefix: String
    $forcePathStyle: Boolean
    $accessKeyId: String
    $secretAccessKey: String
  ) {
    updateBucket(
      id: $id
      name: $name
      endpoint: $endpoint
      region: $region
      bucket: $bucket
      prefix: $prefix
      forcePathStyle: $forcePathStyle
      accessKeyId: $accessKeyId
      secretAccessKey: $secretAccessKey
    ) {
      ...BucketFields
    }
  }
`);

const DELETE_BUCKET = graphql(`
  mutation DeleteBucket($id: ID!) {
    deleteBucket(id: $id)
  }
`);

const TEST_BUCKET_CONNECTION = graphql(`
  mutation TestBucketConnection($id: ID!) {
    testBucketConnection(id: $id) {
      ok
      message
    }
  }
`);

const TEST_BUCKET_SETTINGS = graphql(`
  mutation TestBucketSettings(
    $id: ID
    $endpoint: String
    $region: String!
    $bucket: String!
    $prefix: String
    $forcePathStyle: Boolean
    $accessKeyId: String
    $secretAccessKey: String
  ) {
    testBucketSettings(
      id: $id
      endpoint: $endpoint
      region: $region
      bucket: $bucket
      prefix: $prefix
      forcePathStyle: $forcePathStyle
      accessKeyId: $accessKeyId
      secretAccessKey: $secretAccessKey
    ) {
      ok
      message
    }
  }
`);

const REFETCH = ['OrganizationBuckets', ...ORGANIZATION_REFETCH];
const AFTER_CHANGE = { refetchQueries: REFETCH, awaitRefetchQueries: true } as const;

/** The buckets of one organization. */
export function useOrganizationBuckets(organizationId: string | null) {
  const { data, loading } = useQuery(
    BUCKETS_QUERY,
    organizationId === null
      ? skipToken
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
  const [mutate] = useMutation(TEST_BUCKET_CONNECTION);
  return {
    testBucketConnection: async (id: string) =>
      (await mutate({ variables: { id } })).data?.testBucketConnection,
  };
}

/** Tests settings typed in the dialog before they are saved. */
export function useTestBucketSettings() {
  const [mutate] = useMutation(TEST_BUCKET_SETTINGS);
  return {
    testBucketSettings: async (variables: BucketSettingsVariables & { id: string | null }) =>
      (await mutate({ variables })).data?.testBucketSettings,
  };
}
