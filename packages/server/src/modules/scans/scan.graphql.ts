import { entityIdSchema, stringIdSchema, updateScanHeaderSchema } from '@asset-portal/shared';
import { z } from 'zod';
import type { ImageRef } from '../../db/schema.ts';
import { loaderFor, type RequestContext } from '../../graphql/context.ts';
import type { GraphqlModule } from '../../graphql/module.ts';
import { operation } from '../../graphql/operation.ts';
import { parseInput } from '../../graphql/parse-input.ts';
import { scanSummaryService } from '../scan-summary/scan-summary.service.ts';
import { scanRepository } from './scan.repository.ts';
import { scanService } from './scan.service.ts';

// Coordinates and metadata travel as JSON: the summary of 10,000 scans would otherwise spend
// most of its time serializing each number through a Float scalar.
const typeDefs = `
  type GeoJSONLineString { type: String! coordinates: JSON! }
  type ArtifactSummary { id: ID! artifactType: String! name: String! url: String s3Url: String status: String! }
  type Artifact { id: ID! artifactType: String! name: String! url: String s3Url: String status: String! parameters: JSON }
  type ScanSummary {
    id: ID! friendlyName: String sessionId: String assignmentType: String deviceId: String
    tags: [String!]! length: Float metadata: JSON comment: String defaultVersion: String
    capturedTimestamp: DateTime endCapturedTimestamp: DateTime friendlyLocationName: String
    simplePath: GeoJSONLineString projectId: ID lastModified: DateTime!
    "The scan type, for the viewer's Type filter."
    type: String
    artifacts: [ArtifactSummary!]!
  }
  type ScanSession { id: ID! }
  type ScanImageFile { s3Url: String! jpegRotation: Int }
  type ScanImage {
    id: ID! frame: Int! gpsTime: Float X: Float Y: Float Z: Float lat: Float! lon: Float!
    centerImage: ScanImageFile leftImage: ScanImageFile rightImage: ScanImageFile
  }
  type Scan {
    id: ID! friendlyName: String sessionId: String assignmentType: String deviceId: String
    tags: [String!]! length: Float metadata: JSON comment: String defaultVersion: String
    capturedTimestamp: DateTime endCapturedTimestamp: DateTime friendlyLocationName: String
    simplePath: GeoJSONLineString projectId: ID lastModified: DateTime! created: DateTime!
    type: String session: ScanSession device: Device images: [ScanImage!]! artifacts: [Artifact!]!
  }
  extend type Query {
    "Summaries of a project's scans with their artifacts (the viewer's list)."
    scansSummary(projectId: ID!): [ScanSummary!]!
    "The same scans in full (type, session, device, images, artifact parameters)."
    scansForProject(projectId: ID!): [Scan!]!
    scan(id: ID!): Scan!
    "Scans in no project (no device assignment covered them) of an organization; without it, of every visible one. Admin and Power User."
    unassignedScans(organizationId: ID): [ScanSummary!]!
    "The scan's most recent pointcloud artifact (newest created), signed for download."
    getMostRecentArtifactForDownload(id: ID!): ArtifactDownload!
  }
  type ArtifactDownload {
    artifactId: ID!
    artifactType: String!
    name: String!
    "A GET URL signed for this one object, valid 15 minutes, with Content-Disposition attachment."
    url: String!
    filename: String!
  }
  extend type Mutation {
    "Changes only the fields given; metadata keys are merged into the stored ones."
    updateScanHeader(id: ID!, friendlyName: String, comment: String, defaultVersion: String,
                     tags: [String!], metadata: JSON): Scan!
    "Deletes the scan, its artifacts, images, annotations and every stored object of it."
    deleteScan(id: ID!): Boolean!
  }
`;

const projectInput = z.object({ projectId: entityIdSchema });
const scanIdInput = z.object({ id: stringIdSchema });
const organizationInput = z.object({
  organizationId: entityIdSchema.nullish().transform((id) => id ?? null),
});

const artifactsLoader = scanRepository.artifactsByScanLoader;
const imagesLoader = scanRepository.imagesByScanLoader;
const devicesLoader = scanRepository.devicesByIdLoader;

interface ScanParent {
  id: string;
  sessionId: string | null;
  deviceId: string | null;
  artifacts?: unknown[];
}

const imageFile = (ref: ImageRef | null) =>
  ref ? { s3Url: ref.s3Url, jpegRotation: ref.jpegRotation ?? null } : null;

export const scanModule: GraphqlModule = {
  typeDefs,
  queries: {
    scansSummary: operation('any', (args, ctx) =>
      scanSummaryService.summaries(ctx, parseInput(projectInput, args).projectId),
    ),
    scansForProject: operation('any', (args, ctx) =>
      scanService.forProject(ctx, parseInput(projectInput, args).projectId),
    ),
    scan: operation('any', (args, ctx) => scanService.byId(ctx, parseInput(scanIdInput, args).id)),
    unassignedScans: operation(['Admin', 'Power User'], (args, ctx) =>
      scanService.unassigned(ctx, parseInput(organizationInput, args).organizationId),
    ),
    getMostRecentArtifactForDownload: operation('any', (args, ctx) =>
      scanService.latestArtifactDownload(ctx, parseInput(scanIdInput, args).id),
    ),
  },
  mutations: {
    updateScanHeader: operation(['Admin', 'Power User'], (args, ctx) =>
      scanService.updateHeader(ctx, parseInput(updateScanHeaderSchema, args)),
    ),
    deleteScan: operation(['Admin', 'Power User'], (args, ctx) =>
      scanService.delete(ctx, parseInput(scanIdInput, args).id),
    ),
  },
  types: {
    Scan: {
      session: (scan: ScanParent) => (scan.sessionId ? { id: scan.sessionId } : null),
      device: (scan: ScanParent, _args: unknown, ctx: RequestContext) =>
        scan.deviceId ? loaderFor(ctx, devicesLoader).load(scan.deviceId) : null,
      images: async (scan: ScanParent, _args: unknown, ctx: RequestContext) => {
        const images = await loaderFor(ctx, imagesLoader).load(scan.id);
        return images.map((image) => ({
          ...image,
          X: image.x,
          Y: image.y,
          Z: image.z,
          centerImage: imageFile(image.centerImage),
          leftImage: imageFile(image.leftImage),
          rightImage: imageFile(image.rightImage),
        }));
      },
      artifacts: (scan: ScanParent, _args: unknown, ctx: RequestContext) =>
        scan.artifacts ?? loaderFor(ctx, artifactsLoader).load(scan.id),
    },
  },
};
