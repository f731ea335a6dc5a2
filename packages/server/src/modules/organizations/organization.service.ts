import { DEVICE_ALREADY_REGISTERED } from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { organizationPolicy } from '../../policies/organization.policy.ts';
import { organizationScope } from '../../policies/scope.ts';
import { organizationRepository as repo } from './organization.repository.ts';

const SINGULAR: Record<string, string> = {
  users: 'user',
  projects: 'project',
  buckets: 'bucket',
  scans: 'scan',
};

/** Organizations and the devices assigned to them. */
export const organizationService = {
  list(ctx: RequestContext) {
    return repo.list(ctx.db, organizationScope(ctx.viewer));
  },

  listDevices(ctx: RequestContext) {
    return repo.listDevices(ctx.db, organizationScope(ctx.viewer));
  },

  async create(ctx: RequestContext, input: { name: string; deviceIds: string[] }) {
    const name = await checkName(ctx, input.name, null);
    await checkDevices(ctx, input.deviceIds, null);
    return repo.create(ctx.db, name, input.deviceIds);
  },

  async update(ctx: RequestContext, id: number, input: { name: string; deviceIds: string[] }) {
    await requireVisible(ctx, id);
    const name = await checkName(ctx, input.name, id);
    await checkDevices(ctx, input.deviceIds, id);
    return repo.update(ctx.db, id, name, input.deviceIds);
  },

  async registerDevice(
    ctx: RequestContext,
    input: { id: string; name: string; organizationId: number },
  ) {
    await requireVisible(ctx, input.organizationId);
    const device = await repo.registerDevice(ctx.db, input);
    if (!device) throw new ValidationError(DEVICE_ALREADY_REGISTERED(input.id));
    return device;
  },

  async delete(ctx: RequestContext, id: number) {
    const organization = await requireVisible(ctx, id);
    const used = await repo.dependents(ctx.db, id);
    const blocking = Object.entries(used).filter(([, n]) => n > 0);
    if (blocking.length > 0) {
      const what = blocking.map(([table, n]) => `${n} ${n === 1 ? SINGULAR[table] : table}`);
      throw new ValidationError(
        `Organization '${organization.name}' still has ${what.join(', ')}; remove them before deleting it.`,
      );
    }
    await repo.delete(ctx.db, id);
    return true;
  },
};

async function requireVisible(ctx: RequestContext, id: number) {
  const organization = await repo.findById(ctx.db, id);
  if (!organization || !organizationPolicy.canRead(ctx.viewer, id)) throw new NotFoundError();
  return organization;
}

async function checkName(ctx: RequestContext, raw: string, selfId: number | null) {
  const name = raw.trim();
  if (!name) throw new ValidationError('Value is required');
  const existing = await repo.findByName(ctx.db, name);
  if (existing && existing.id !== selfId) {
    throw new ValidationError(`An organization named '${existing.name}' already exists.`);
  }
  return name;
}

/** A device belongs to at most one organization: taking one from another is refused. */
async function checkDevices(ctx: RequestContext, deviceIds: string[], selfId: number | null) {
  const unique = [...new Set(deviceIds)];
  const devices = await repo.findDevices(ctx.db, unique);
  const missing = unique.filter((id) => !devices.some((d) => d.id === id));
  if (missing.length > 0) throw new ValidationError(`Unknown device: ${missing.join(', ')}`);
  const taken = devices.filter((d) => d.organizationId !== null && d.organizationId !== selfId);
  if (taken.length > 0) {
    throw new ValidationError(
      `Device ${taken.map((d) => d.id).join(', ')} already belongs to another organization.`,
    );
  }
}
