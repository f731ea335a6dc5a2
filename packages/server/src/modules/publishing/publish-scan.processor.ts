import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { countOf, normalizeUtm, parseHelmertJson } from '@asset-portal/shared';
import type { AppConfig } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { ImageRef, LineString } from '../../db/schema.ts';
import { makeWorkFolder } from '../../jobs/work-folders.ts';
import { LasFormatError, type LasHeader, readLasHeader } from '../../lib/las/las-header.ts';
import { pointRecordChunks } from '../../lib/las/las-reader.ts';
import { LasRecordWriter } from '../../lib/las/las-record-writer.ts';
import { readEvlrBytes, readLasPreambleForCopy } from '../../lib/las/las-rewrite.ts';
import { type LasCrs, lasCrsOf } from '../../lib/transform/crs-wkt.ts';
import { GeoidGridError, readGeoidGrid } from '../../lib/transform/geoid-grid.ts';
import {
  buildTransform,
  type CoordinateTransform,
  decimalYear,
  describeCrs,
  TransformError,
  type TransformOptions,
  wgs84UtmProj4,
} from '../../lib/transform/transform-pipeline.ts';
import { openBucketTarget } from '../../storage/bucket-target.ts';
import { readBytes } from '../../storage/object-bytes.ts';
import { describeFailure } from '../../storage/s3-connection.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import { bucketRepository } from '../buckets/bucket.repository.ts';
import { proj4ForCrsText, proj4FromLasFile } from '../pointclouds/point-cloud-crs.ts';
import {
  artifactObjectKey,
  portalBucket,
  storedObjectKey,
} from '../pointclouds/point-cloud-rules.ts';
import { projectRepository } from '../projects/project.repository.ts';
import { GEOID_GRID_PREFIX } from '../projects/project.service.ts';
import { publishingRepository as repo } from './publishing.repository.ts';
import {
  MANIFEST_NAME,
  POINTCLOUD_NAME,
  type PublishedFile,
  type PublishedTransform,
  type PublishManifest,
  publishedScanPrefix,
  TRAJECTORY_NAME,
  trajectoryUrlOfCloud,
} from './publishing-rules.ts';

export interface PublishDeps {
  db: Db;
  config: AppConfig;
  /** The portal's own store: the scan's cloud, trajectory, images and the geoid grids. */
  storage: ObjectStorage;
}

export interface PublishRequest {
  scanId: string;
  sessionId: string | null;
  projectId: number;
  bucketId: number;
  targetFolder: string;
  includeImages: boolean;
  transform: boolean;
  organizationId: number;
}

export interface PublishOutcome {
  /** The bucket as its organization knows it: 'name (bucket)'. */
  bucket: string;
  prefix: string;
  manifest: PublishManifest;
  bytes: number;
}

/** A publishing that cannot succeed as asked (no retry helps): the message says why. */
export class PublishFailure extends Error {
  override name = 'PublishFailure';
}

/** Largest single PUT S3 accepts; larger files go up in parts. */
const SINGLE_PUT_LIMIT = 5 * 1024 ** 3;
const CHUNK_POINTS = 65_536;
const INT32_MAX = 0x7fffffff;

/**
 * Publishes one scan into an organization's bucket under
 * `<prefix><project name>/<folder>/<scan id>/`: pointcloud.las (transformed when asked),
 * trajectory.csv, images/… when asked, and manifest.json last. A stale manifest.json is deleted
 * first, so a publishing that fails half way never leaves a manifest describing other files.
 */
export async function publishScan(
  deps: PublishDeps,
  request: PublishRequest,
  progress: (message: string) => Promise<void>,
): Promise<PublishOutcome> {
  const { scanId } = request;
  const scan = await repo.findScan(deps.db, scanId);
  if (!scan || scan.organizationId !== request.organizationId) {
    throw new PublishFailure(`Scan ${scanId} no longer exists`);
  }
  const project = await projectRepository.findById(deps.db, request.projectId);
  if (!project || project.organizationId !== request.organizationId) {
    throw new PublishFailure(`The project of scan ${scanId} no longer exists`);
  }
  const connection = await bucketRepository.findConnection(deps.db, request.bucketId);
  if (!connection || connection.organizationId !== request.organizationId) {
    throw new PublishFailure('The bucket no longer exists');
  }
  const cloud = await repo.findCloud(deps.db, scanId);
  const cloudKey = cloud ? storedObjectKey(deps.config, cloud.s3Url, scan.organizationId) : null;
  if (!cloud || !cloudKey) throw new PublishFailure(`Scan ${scanId} has no stored point cloud`);

  const bucket = openBucketTarget(connection, deps.storage);
  const inBucket = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw new PublishFailure(
        `Bucket ${connection.name} (${connection.bucket}): ${what} failed: ${describeFailure(error, connection)}`,
      );
    }
  };
  const prefix = publishedScanPrefix(connection.prefix, project.name, request.targetFolder, scanId);
  await inBucket(`removing the old ${MANIFEST_NAME}`, () =>
    bucket.delete(`${prefix}${MANIFEST_NAME}`),
  );

  const work = await makeWorkFolder(deps.config.dataDir, 'publish', `${scanId}-`);
  try {
    const extension = path.posix.extname(cloudKey).toLowerCase() || '.las';
    const source = path.join(work, `source${extension}`);
    await pipeline(await deps.storage.getStream(cloudKey), createWriteStream(source));
    const header = await readHeader(source);

    let lasPath = source;
    let transform: PublishedTransform | null = null;
    if (request.transform) {
      const built = await buildScanTransform(deps, {
        scanId,
        source,
        header,
        scanCrs: scan.metadata?.crs,
        projectUtm: normalizeUtm(project.utm),
        projection: project.projection,
        helmertJson: project.helmertParameters,
        geoidGridFile: project.geoidGridFile,
        captured: scan.capturedTimestamp,
      });
      await progress(`Transforming ${countOf(header.pointCount, 'point')} of scan ${scanId}`);
      lasPath = path.join(work, POINTCLOUD_NAME);
      // The project's projection, named in the LAS; without PROJ the manifest says why it is not.
      const crs = await lasCrsOf(built.description.projection);
      await writeLas(source, header, lasPath, built, crs);
      transform = { ...built.description, lasCrs: crs };
    } else if (header.compressed) {
      lasPath = path.join(work, POINTCLOUD_NAME);
      await writeLas(source, header, lasPath, null, null);
    }

    const files: PublishedFile[] = [];
    const upload = async (name: string, body: () => Readable, size: number, type: string) => {
      const key = `${prefix}${name}`;
      await inBucket(`writing ${name}`, () =>
        bucket.putStream(
          key,
          body(),
          size <= SINGLE_PUT_LIMIT ? { size, contentType: type } : { contentType: type },
        ),
      );
      files.push({ name, key, size });
    };
    await upload(
      POINTCLOUD_NAME,
      () => createReadStream(lasPath),
      (await stat(lasPath)).size,
      'application/vnd.las',
    );
    await progress(`Wrote ${POINTCLOUD_NAME} of scan ${scanId}`);

    const trajectoryUrl = trajectoryUrlOfCloud(
      cloud,
      cloud.versions,
      typeof scan.metadata?.trajectory_s3_url === 'string' ? scan.metadata.trajectory_s3_url : null,
    );
    const trajectory = await trajectoryOf(deps, scan, trajectoryUrl);
    if (trajectory) {
      await upload(TRAJECTORY_NAME, trajectory.body, trajectory.size, 'text/csv');
    }
    if (request.includeImages) {
      for (const image of await imageObjects(deps, scanId, scan.organizationId)) {
        await upload(image.name, image.body, image.size, 'image/jpeg');
      }
    }

    const manifest: PublishManifest = {
      scanId,
      sessionId: request.sessionId ?? scan.sessionId,
      project: { id: project.id, name: project.name },
      folder: request.targetFolder,
      source: { artifactId: cloud.id, version: cloud.name, pointCount: header.pointCount },
      files: files.map((f) => ({ ...f })),
      includeImages: request.includeImages,
      transform,
      published: new Date().toISOString(),
    };
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await inBucket(`writing ${MANIFEST_NAME}`, () =>
      bucket.putStream(`${prefix}${MANIFEST_NAME}`, Readable.from([text]), {
        size: text.length,
        contentType: 'application/json',
      }),
    );
    const bytes = files.reduce((sum, f) => sum + f.size, 0) + text.length;
    return { bucket: `${connection.name} (${connection.bucket})`, prefix, manifest, bytes };
  } finally {
    bucket.close();
    await rm(work, { recursive: true, force: true });
  }
}

async function readHeader(file: string): Promise<LasHeader> {
  const handle = await open(file, 'r');
  try {
    return await readLasHeader(handle);
  } finally {
    await handle.close();
  }
}

interface ScanTransform {
  transform: CoordinateTransform;
  description: Omit<PublishedTransform, 'lasCrs'>;
  geographic: boolean;
}

/**
 * The scan's transform from its CRS (the scan's declared CRS, else the file's, else WGS84 / the
 * project's UTM zone) to the project's projection, checked on the cloud's bounds first: a geoid
 * grid that does not cover the scan fails here, before anything is written.
 */
async function buildScanTransform(
  deps: PublishDeps,
  input: {
    scanId: string;
    source: string;
    header: LasHeader;
    scanCrs: unknown;
    projectUtm: string | null;
    projection: string | null;
    helmertJson: string | null;
    geoidGridFile: string | null;
    captured: Date | null;
  },
): Promise<ScanTransform> {
  const { scanId, header } = input;
  const projection = input.projection?.trim();
  if (!projection) throw new PublishFailure('Transform needs the project to have a projection');
  const sourceCrs =
    proj4ForCrsText(typeof input.scanCrs === 'string' ? input.scanCrs : null) ??
    (await proj4FromLasFile(input.source, header)) ??
    (input.projectUtm ? wgs84UtmProj4(input.projectUtm) : null);
  if (!sourceCrs) {
    throw new PublishFailure(
      `Scan ${scanId} has no coordinate system to transform from (no CRS and no UTM zone)`,
    );
  }
  const helmert = parseHelmertJson(input.helmertJson);
  const epoch = input.captured ? decimalYear(input.captured) : undefined;
  let geoid = null;
  if (input.geoidGridFile) {
    const key = `${GEOID_GRID_PREFIX}${input.geoidGridFile}`;
    if (!(await deps.storage.head(key))) {
      throw new PublishFailure(`The geoid grid ${input.geoidGridFile} is not in storage`);
    }
    const bytes = await readBytes(deps.storage, key);
    try {
      geoid = readGeoidGrid(input.geoidGridFile, bytes);
    } catch (error) {
      throw new PublishFailure((error as Error).message);
    }
  }
  const options: TransformOptions = {
    sourceCrs,
    targetProjection: projection,
    helmert,
    ...(epoch === undefined ? {} : { epoch }),
    geoid,
  };
  let transform: CoordinateTransform;
  let geographic: boolean;
  try {
    transform = buildTransform(options);
    geographic = describeCrs(projection).geographic;
    // The bounds' corners and edge midpoints: every point of the cloud lies within them.
    for (const [x, y, z] of boundsSamples(header)) transform(x, y, z);
  } catch (error) {
    if (error instanceof GeoidGridError) {
      throw new PublishFailure(`Scan ${scanId} lies outside the geoid grid: ${error.message}`);
    }
    if (error instanceof TransformError) throw new PublishFailure(error.message);
    throw error;
  }
  return {
    transform,
    geographic,
    description: {
      sourceCrs,
      projection,
      helmert: helmert ? { ...helmert, convention: 'position_vector' } : null,
      epoch: epoch ?? null,
      geoidGrid: geoid ? input.geoidGridFile : null,
      heights: geoid ? 'orthometric' : 'ellipsoidal',
    },
  };
}

function boundsSamples({ min, max }: LasHeader): [number, number, number][] {
  const xs = [min.x, (min.x + max.x) / 2, max.x];
  const ys = [min.y, (min.y + max.y) / 2, max.y];
  const samples: [number, number, number][] = [];
  for (const x of xs) for (const y of ys) for (const z of [min.z, max.z]) samples.push([x, y, z]);
  return samples;
}

/** Scale and offset for the transformed coordinates, from the transformed bounds with a margin. */
function outputScaleOffset(built: ScanTransform, header: LasHeader) {
  const points = boundsSamples(header).map(([x, y, z]) => built.transform(x, y, z));
  const axis = (a: 0 | 1 | 2, finest: number) => {
    const values = points.map((p) => p[a]);
    const [low, high] = [Math.min(...values), Math.max(...values)];
    const offset = Math.floor(low);
    // Room for points between the samples (curved projections) and rounding: twice the span.
    const reach = 2 * (Math.max(Math.abs(high - offset), Math.abs(low - offset)) + 1);
    const needed = 10 ** Math.ceil(Math.log10(reach / INT32_MAX));
    return { scale: Math.max(finest, needed), offset };
  };
  // 0.1 mm in metres (or feet), about 0.1 mm in degrees.
  const horizontal = built.geographic ? 1e-9 : 1e-4;
  const [x, y, z] = [axis(0, horizontal), axis(1, horizontal), axis(2, 1e-4)];
  return {
    scale: { x: x.scale, y: y.scale, z: z.scale },
    offset: { x: x.offset, y: y.offset, z: z.offset },
  };
}

/**
 * Writes an uncompressed LAS copy of the cloud, record for record, streaming in chunks: with a
 * transform the coordinates move to the projection (new scale and offset, the old CRS records
 * replaced by the projection's); without one only the compression goes.
 */
async function writeLas(
  source: string,
  header: LasHeader,
  output: string,
  built: ScanTransform | null,
  crs: LasCrs | null,
): Promise<void> {
  const handle = await open(source, 'r');
  let preamble: Buffer;
  let evlrs: Buffer;
  try {
    preamble = await readLasPreambleForCopy(handle, header);
    evlrs = await readEvlrBytes(handle, header);
  } finally {
    await handle.close();
  }
  const target = built ? outputScaleOffset(built, header) : header;
  const writer = await LasRecordWriter.create(output, header, preamble, evlrs, {
    minorVersion: Math.max(2, header.versionMinor),
    scale: { ...target.scale },
    offset: { ...target.offset },
    projection:
      built && crs ? { epsg: crs.epsg, geographic: built.geographic, wkt: crs.wkt } : null,
  });
  try {
    const { scale: s, offset: o } = header;
    for await (const chunk of pointRecordChunks(source, header, CHUNK_POINTS)) {
      if (chunk.recordLength !== header.pointRecordLength) {
        throw new LasFormatError(
          `The decoded records are ${chunk.recordLength} bytes long but the header says ${header.pointRecordLength}`,
        );
      }
      // The reader reuses its buffer while the writer's last write may still be in flight.
      const records = Buffer.from(chunk.bytes);
      const { count, recordLength } = chunk;
      const x = new Float64Array(count);
      const y = new Float64Array(count);
      const z = new Float64Array(count);
      for (let i = 0, at = 0; i < count; i++, at += recordLength) {
        x[i] = records.readInt32LE(at) * s.x + o.x;
        y[i] = records.readInt32LE(at + 4) * s.y + o.y;
        z[i] = records.readInt32LE(at + 8) * s.z + o.z;
      }
      if (built) built.transform.arrays(x, y, z);
      await writer.write(records, x, y, z, count);
    }
    await writer.finish();
  } catch (error) {
    await writer.abort();
    if (error instanceof GeoidGridError || error instanceof TransformError) {
      throw new PublishFailure(error.message);
    }
    throw error;
  }
}

interface Upload {
  name: string;
  size: number;
  body: () => Readable;
}

/**
 * The scan's trajectory: the stored trajectory.csv that matches its cloud when there is one,
 * else its path (longitude, latitude), else its images' positions; null when it has none.
 */
async function trajectoryOf(
  deps: PublishDeps,
  scan: {
    id: string;
    organizationId: number;
    metadata: Record<string, unknown> | null;
    simplePath: LineString | null;
  },
  /** The stored trajectory that matches the published cloud (trajectoryUrlOfCloud). */
  url: string | null,
): Promise<{ size: number; body: () => Readable } | null> {
  const key = url ? storedObjectKey(deps.config, url, scan.organizationId) : null;
  if (key) {
    const head = await deps.storage.head(key);
    if (head) {
      return { size: head.size, body: () => lazyStream(() => deps.storage.getStream(key)) };
    }
  }
  let text: string | null = null;
  const path_ = scan.simplePath?.coordinates ?? [];
  if (path_.length > 0) {
    text = `longitude,latitude\n${path_.map(([lon, lat]) => `${lon},${lat}`).join('\n')}\n`;
  } else {
    const images = await repo.images(deps.db, scan.id);
    if (images.length > 0) {
      const rows = images.map(
        (i) => `${i.frame},${i.gpsTime ?? ''},${i.lon},${i.lat},${i.z ?? ''}`,
      );
      text = `frame,gps_time,longitude,latitude,height\n${rows.join('\n')}\n`;
    }
  }
  if (text === null) return null;
  const bytes = Buffer.from(text);
  return { size: bytes.length, body: () => Readable.from([bytes]) };
}

/** The scan's stored image files, named `images/<camera>/<frame>.jpg` as in the portal. */
async function imageObjects(
  deps: PublishDeps,
  scanId: string,
  organizationId: number,
): Promise<Upload[]> {
  const bucket = portalBucket(deps.config);
  const uploads: Upload[] = [];
  const seen = new Set<string>();
  for (const row of await repo.images(deps.db, scanId)) {
    for (const ref of [row.leftImage, row.centerImage, row.rightImage] as (ImageRef | null)[]) {
      const key = ref ? artifactObjectKey(ref.s3Url, bucket, organizationId) : null;
      if (!key) continue;
      const marker = `/${scanId}/images/`;
      const at = key.indexOf(marker);
      const name =
        at >= 0 ? `images/${key.slice(at + marker.length)}` : `images/${path.posix.basename(key)}`;
      if (seen.has(name)) continue;
      const head = await deps.storage.head(key);
      if (!head) continue;
      seen.add(name);
      uploads.push({
        name,
        size: head.size,
        body: () => lazyStream(() => deps.storage.getStream(key)),
      });
    }
  }
  return uploads;
}

/** A stream that opens its source when first read (the upload starts it). */
function lazyStream(open_: () => Promise<Readable>): Readable {
  return Readable.from(
    (async function* () {
      yield* await open_();
    })(),
  );
}
