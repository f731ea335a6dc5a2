import {
  type BucketCreateInput,
  type BucketSettingsInput,
  type BucketUpdateInput,
  bucketMessages,
} from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { bucketPolicy } from '../../policies/bucket.policy.ts';
import { organizationScope } from '../../policies/scope.ts';
import { testBucketConnection } from '../../storage/bucket-target.ts';
import { organizationRepository } from '../organizations/organization.repository.ts';
import {
  type BucketCredentials,
  type BucketValues,
  bucketRepository as repo,
} from './bucket.repository.ts';

/** Storage buckets of the organizations and their S3 connection test. */
export const bucketService = {
  /** The caller's organization's buckets; Admin any organization's, or all of them. */
  list(ctx: RequestContext, organizationId: number | null) {
    const scope = organizationScope(ctx.viewer);
    if (scope !== null && organizationId !== null && organizationId !== scope) {
      return Promise.resolve([]);
    }
    return repo.list(ctx.db, organizationId ?? scope);
  },

  async create(ctx: RequestContext, input: BucketCreateInput) {
    requireManager(ctx);
    const organization = await organizationRepository.findById(ctx.db, input.organizationId);
    if (!organization) throw new NotFoundError();
    await checkName(ctx, input.organizationId, input.name, null);
    return repo.create(ctx.db, input.organizationId, valuesOf(input), credentialsOf(input));
  },

  async update(ctx: RequestContext, input: BucketUpdateInput) {
    const bucket = await requireManaged(ctx, input.id);
    await checkName(ctx, bucket.organizationId, input.name, bucket.id);
    return repo.update(ctx.db, bucket.id, valuesOf(input), credentialsOf(input));
  },

  async delete(ctx: RequestContext, id: number) {
    const bucket = await requireManaged(ctx, id);
    await repo.delete(ctx.db, bucket.id);
    return true;
  },

  /** Talks to the store with the saved settings. */
  async testConnection(ctx: RequestContext, id: number) {
    await requireManaged(ctx, id);
    const stored = await repo.findConnection(ctx.db, id);
    if (!stored) throw new NotFoundError();
    return testBucketConnection(stored);
  },

  /** Talks to the store with settings from the dialog; blank credentials reuse the saved ones. */
  async testSettings(ctx: RequestContext, input: BucketSettingsInput) {
    requireManager(ctx);
    let credentials = credentialsOf(input);
    if (input.id !== null) {
      await requireManaged(ctx, input.id);
      const stored = await repo.findConnection(ctx.db, input.id);
      if (!credentials && stored?.accessKeyId && stored.secretAccessKey) {
        credentials = { accessKeyId: stored.accessKeyId, secretAccessKey: stored.secretAccessKey };
      }
    }
    return testBucketConnection({
      endpoint: input.endpoint,
      region: input.region,
      bucket: input.bucket,
      prefix: input.prefix,
      forcePathStyle: input.forcePathStyle,
      accessKeyId: credentials?.accessKeyId ?? null,
      secretAccessKey: credentials?.secretAccessKey ?? null,
    });
  },
};

function requireManager(ctx: RequestContext) {
  if (!bucketPolicy.canManage(ctx.viewer)) throw new ForbiddenError();
}

async function requireManaged(ctx: RequestContext, id: number) {
  requireManager(ctx);
  const bucket = await repo.findById(ctx.db, id);
  if (!bucket || !bucketPolicy.canRead(ctx.viewer, bucket.organizationId)) {
    throw new NotFoundError();
  }
  return bucket;
}

async function checkName(
  ctx: RequestContext,
  organizationId: number,
  name: string,
  selfId: number | null,
) {
  const existing = await repo.findByName(ctx.db, organizationId, name);
  if (existing && existing.id !== selfId) {
    throw new ValidationError(bucketMessages.duplicate(name));
  }
}

function valuesOf(input: BucketValues): BucketValues {
  const { name, endpoint, region, bucket, prefix, forcePathStyle } = input;
  return { name, endpoint, region, bucket, prefix, forcePathStyle };
}

function credentialsOf(input: {
  accessKeyId: string | null;
  secretAccessKey: string | null;
}): BucketCredentials | null {
  return input.accessKeyId && input.secretAccessKey
    ? { accessKeyId: input.accessKeyId, secretAccessKey: input.secretAccessKey }
    : null;
}
