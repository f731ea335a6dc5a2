import {
  DEVICE_ASSIGNMENT_OVERLAP,
  DEVICE_ASSIGNMENT_OVERLAP_OTHER_ORGANIZATION,
  DEVICE_ASSIGNMENT_SAME_ORGANIZATION,
  type DeviceAssignmentInput,
} from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { NotFoundError, ValidationError } from '../../graphql/errors.ts';
import { deviceAssignmentPolicy } from '../../policies/device-assignment.policy.ts';
import { canSeeOrganization, organizationScope } from '../../policies/scope.ts';
import { organizationRepository } from '../organizations/organization.repository.ts';
import { requireVisibleProject } from '../projects/project.service.ts';
import { type CaptureWindow, replaceCaptures } from './capture-placement.ts';
import {
  type DeviceAssignmentValues,
  deviceAssignmentRepository as repo,
  type ScopedAssignment,
} from './device-assignment.repository.ts';

/**
 * Periods during which a device captures for a project. An assignment belongs to its project's
 * organization; who may see and change which is `deviceAssignmentPolicy`'s.
 */
export const deviceAssignmentService = {
  async list(ctx: RequestContext, organizationId: number | null) {
    if (organizationId !== null) {
      const organization = await organizationRepository.findById(ctx.db, organizationId);
      if (!organization || !canSeeOrganization(ctx.viewer, organizationId)) {
        throw new NotFoundError();
      }
      return repo.list(ctx.db, organizationId);
    }
    return repo.list(ctx.db, organizationScope(ctx.viewer));
  },

  async create(ctx: RequestContext, input: DeviceAssignmentInput) {
    const values = await checkValues(ctx, input);
    return save(ctx, null, values, []);
  },

  async update(ctx: RequestContext, id: number, input: DeviceAssignmentInput) {
    const previous = await requireVisible(ctx, id);
    const values = await checkValues(ctx, input);
    return save(ctx, id, values, [windowOf(previous)]);
  },

  async delete(ctx: RequestContext, id: number) {
    const previous = await requireVisible(ctx, id);
    await repo.delete(ctx.db, id, (trx) => replaceCaptures(trx, [windowOf(previous)]));
    return true;
  },
};

/** The assignment if the caller may see it; a foreign id answers exactly like a missing one. */
async function requireVisible(ctx: RequestContext, id: number): Promise<ScopedAssignment> {
  const assignment = await repo.findById(ctx.db, id);
  if (!assignment || !deviceAssignmentPolicy.canRead(ctx.viewer, assignment)) {
    throw new NotFoundError();
  }
  return assignment;
}

/** Device and project must both be visible to the caller and belong to one organization. */
async function checkValues(
  ctx: RequestContext,
  input: DeviceAssignmentInput,
): Promise<DeviceAssignmentValues> {
  const project = await requireVisibleProject(ctx, input.projectId);
  const device = await repo.findDevice(ctx.db, input.deviceId);
  if (!device || device.organizationId === null) {
    // A device without an organization is only ever visible to an Admin.
    if (device && deviceAssignmentPolicy.seesUnownedDevices(ctx.viewer)) {
      throw new ValidationError(DEVICE_ASSIGNMENT_SAME_ORGANIZATION);
    }
    throw new NotFoundError();
  }
  if (!canSeeOrganization(ctx.viewer, device.organizationId)) throw new NotFoundError();
  if (device.organizationId !== project.organizationId) {
    throw new ValidationError(DEVICE_ASSIGNMENT_SAME_ORGANIZATION);
  }
  return {
    deviceId: device.id,
    projectId: project.id,
    fromTimestamp: input.from,
    toTimestamp: input.to,
  };
}

/** The capture time an assignment decides, for placing its sessions and scans again. */
function windowOf(period: DeviceAssignmentValues): CaptureWindow {
  return { deviceId: period.deviceId, from: period.fromTimestamp, to: period.toTimestamp };
}

/**
 * Writes the period, then places again what its old and new period cover, so data captured
 * before the assignment existed comes into the project and data it no longer covers leaves it.
 */
async function save(
  ctx: RequestContext,
  id: number | null,
  values: DeviceAssignmentValues,
  previous: CaptureWindow[],
) {
  const result = await repo.save(ctx.db, id, values, (trx) =>
    replaceCaptures(trx, [...previous, windowOf(values)]),
  );
  if (result.overlap) {
    const other = result.overlap;
    const period = { from: other.fromTimestamp, to: other.toTimestamp };
    throw new ValidationError(
      canSeeOrganization(ctx.viewer, other.organizationId)
        ? DEVICE_ASSIGNMENT_OVERLAP(other.deviceId, other.projectName, period)
        : DEVICE_ASSIGNMENT_OVERLAP_OTHER_ORGANIZATION(other.deviceId, period),
    );
  }
  return result.saved;
}
