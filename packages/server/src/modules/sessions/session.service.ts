import { sessionStatus } from '@asset-portal/shared';
import type { RequestContext } from '../../graphql/context.ts';
import { requireVisibleProjects } from '../scans/scan.service.ts';
import { hasRoverObservation } from '../trajectory/trajectory-run-rules.ts';
import { sessionRepository as repo } from './session.repository.ts';

/** Session summaries of projects the caller may see. */
export const sessionService = {
  async summaries(ctx: RequestContext, projectIds: readonly number[]) {
    if (projectIds.length === 0) return [];
    await requireVisibleProjects(ctx, projectIds);
    const rows = await repo.listSummaries(ctx.db, [...new Set(projectIds)]);
    return rows.map(({ pointCloudStatuses, gnss, ...row }) => ({
      ...row,
      roverObservation: hasRoverObservation({ gnss }),
      // SQL gathered the distinct point-cloud statuses; the shared rule keeps and orders them.
      status: sessionStatus([
        { artifacts: pointCloudStatuses.map((status) => ({ artifactType: 'pointcloud', status })) },
      ]),
    }));
  },
};
