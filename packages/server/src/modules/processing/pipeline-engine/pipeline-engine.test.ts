import { spawnSync } from 'node:child_process';
import { mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLasCrsRecords } from '../../../lib/las/las-crs-records.ts';
import { lasDimension } from '../../../lib/las/las-dimensions.ts';
import { type LasHeader, readLasFileHeader, readLasHeader } from '../../../lib/las/las-header.ts';
import { pointRecordChunks } from '../../../lib/las/las-reader.ts';
import { PROJINFO_MISSING_NOTE } from '../../../lib/transform/crs-wkt.ts';
import { builtInPipelineEngine as engine, PipelineValidationError } from './pipeline-engine.ts';

const haveProjinfo = spawnSync('projinfo', ['EPSG:4326']).error === undefined;

async function crsRecordsOf(file: string) {
  const handle = await open(file, 'r');
  try {
    return await readLasCrsRecords(handle, await readLasHeader(handle));
  } finally {
    await handle.close();
  }
}

const FIXTURES = path.resolve(
  process.env.FIXTURES_DIR ??
    path.join(import.meta.dirname, '../../../../../../../shared/fixtures'),
  'pointcloud',
);
const FIXTURE_FILES = [
  'autzen_trim.las',
  'autzen_trim.laz',
  'autzen_trim_7.las',
  'las_with_several_extra_byte_bloc.laz',
  'file_with_both_wkt_and_geotiff_vlrs.las',
  'simple.laz',
  'hexbin-crop.las',
  'lone-star.copc.laz',
  'autzen-utm.las',
];

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'pipeline-engine-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Every record of a file as one buffer each (LAS or LAZ, decoded). */
async function records(file: string, header: LasHeader): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const chunk of pointRecordChunks(file, header)) {
    for (let i = 0; i < chunk.count; i++) {
      out.push(
        Buffer.from(chunk.bytes.subarray(i * chunk.recordLength, (i + 1) * chunk.recordLength)),
      );
    }
  }
  return out;
}

function world(record: Buffer, header: LasHeader) {
  return {
    x: record.readInt32LE(0) * header.scale.x + header.offset.x,
    y: record.readInt32LE(4) * header.scale.y + header.offset.y,
    z: record.readInt32LE(8) * header.scale.z + header.offset.z,
  };
}

describe('builtInPipelineEngine: read → crop → write on every fixture', () => {
  it.each(FIXTURE_FILES)(
    '%s keeps the records inside the crop byte for byte',
    async (name) => {
      const input = path.join(FIXTURES, name);
      const header = await readLasFileHeader(input);
      // The middle half of the cloud in X and Y, all Z, through the bounding-box placeholders.
      const dx = (header.max.x - header.min.x) / 4;
      const dy = (header.max.y - header.min.y) / 4;
      const boundingBox = {
        minx: header.min.x + dx,
        maxx: header.max.x - dx,
        miny: header.min.y + dy,
        maxy: header.max.y - dy,
        minz: header.min.z - 1,
        maxz: header.max.z + 1,
      };
      const pipeline = JSON.stringify({
        pipeline: [
          { type: 'readers.las', filename: 'scan.laz' },
          {
            type: 'filters.crop',
            bounds: '([<%xmin%>, <%xmax%>], [<%ymin%>, <%ymax%>], [<%zmin%>, <%zmax%>])',
          },
          { type: 'writers.las', filename: 'out.las' },
        ],
      });
      const plan = engine.plan(pipeline, { srs: null, boundingBox, pointCount: header.pointCount });
      const outputPath = path.join(work, `${name}.las`);
      const progress: number[] = [];
      const result = await engine.run(plan, {
        inputPath: input,
        outputPath,
        onProgress: (done) => progress.push(done),
      });

      const inputRecords = await records(input, header);
      const expected = inputRecords.filter((record) => {
        const p = world(record, header);
        return (
          p.x >= boundingBox.minx &&
          p.x <= boundingBox.maxx &&
          p.y >= boundingBox.miny &&
          p.y <= boundingBox.maxy
        );
      });
      expect(expected.length).toBeGreaterThan(0);
      expect(result.pointsIn).toBe(header.pointCount);
      expect(result.pointsOut).toBe(expected.length);
      expect(progress.at(-1)).toBe(header.pointCount);
      // The output's classes, counted as the kept records hold them.
      const classOf = lasDimension('Classification', header.pointFormat)!;
      const classes: Record<number, number> = {};
      for (const record of expected) {
        const code = classOf.get(new DataView(record.buffer, record.byteOffset, record.length), 0);
        classes[code] = (classes[code] ?? 0) + 1;
      }
      expect(result.classes).toEqual(classes);

      const out = await readLasFileHeader(outputPath);
      expect(out.version).toBe('1.4');
      expect(out.compressed).toBe(false);
      expect(out.pointCount).toBe(expected.length);
      expect(out.legacyPointCount).toBe(header.pointFormat <= 5 ? expected.length : 0);
      expect(out.headerSize).toBe(375);
      expect(out.pointFormat).toBe(header.pointFormat);
      expect(out.pointRecordLength).toBe(header.pointRecordLength);
      expect(out.scale).toEqual(header.scale);
      expect(out.offset).toEqual(header.offset);
      // Every byte of every kept record: X/Y/Z integers, GPS time, colour, extra bytes.
      const written = await records(outputPath, out);
      expect(written.length).toBe(expected.length);
      const mismatch = written.findIndex((record, i) => !record.equals(expected[i]!));
      expect(mismatch).toBe(-1);
      // Bounds are those of the kept points, as in the result.
      const points = expected.map((record) => world(record, header));
      const min = (axis: 'x' | 'y' | 'z') =>
        points.reduce((m, p) => Math.min(m, p[axis]), Infinity);
      const max = (axis: 'x' | 'y' | 'z') =>
        points.reduce((m, p) => Math.max(m, p[axis]), -Infinity);
      for (const axis of ['x', 'y', 'z'] as const) {
        expect(out.min[axis]).toBeCloseTo(min(axis), 9);
        expect(out.max[axis]).toBeCloseTo(max(axis), 9);
        expect(result.bounds.min[axis]).toBe(out.min[axis]);
        expect(result.bounds.max[axis]).toBe(out.max[axis]);
      }
      expect(result.outputBytes).toBe((await import('node:fs')).statSync(outputPath).size);
      // The input's VLRs survive (LASzip and COPC records excepted).
      const kept = (vlrs: LasHeader['vlrs']) =>
        vlrs
          .filter((v) => v.userId !== 'laszip encoded' && v.userId !== 'copc')
          .map((v) => `${v.userId}/${v.recordId}/${v.length}`);
      expect(kept(out.vlrs)).toEqual(kept(header.vlrs));
      expect(out.hasGeoTiffKeys).toBe(header.hasGeoTiffKeys);
    },
    30_000,
  );

  it('encodes Z again when filters.assign sets it, at the input scale', async () => {
    const input = path.join(FIXTURES, 'autzen_trim.las');
    const header = await readLasFileHeader(input);
    const height = Math.round((header.min.z + header.max.z) / 2) + 0.25;
    const pipeline = JSON.stringify({
      pipeline: [
        { type: 'filters.assign', value: `Z = ${height}` },
        { type: 'writers.las', filename: 'out.las' },
      ],
    });
    const outputPath = path.join(work, 'assigned.las');
    await engine.run(engine.plan(pipeline, { srs: null }), { inputPath: input, outputPath });
    const out = await readLasFileHeader(outputPath);
    const written = await records(outputPath, out);
    const original = await records(input, header);
    expect(written.length).toBe(header.pointCount);
    expect(out.min.z).toBeCloseTo(height, 9);
    expect(out.max.z).toBeCloseTo(height, 9);
    // Z is the assigned height; X, Y and every byte after Z are those read.
    const wrong = written.findIndex(
      (record, i) =>
        Math.abs(world(record, out).z - height) > 1e-9 ||
        !record.subarray(0, 8).equals(original[i]!.subarray(0, 8)) ||
        !record.subarray(12).equals(original[i]!.subarray(12)),
    );
    expect(wrong).toBe(-1);
  });

  it('writes LAS 1.2 on request, with the legacy counts by return', async () => {
    const input = path.join(FIXTURES, 'autzen_trim.las');
    const plan = engine.plan(
      JSON.stringify([{ type: 'writers.las', filename: 'a.las', minor_version: 2 }]),
      { srs: null },
    );
    const outputPath = path.join(work, 'v12.las');
    const result = await engine.run(plan, { inputPath: input, outputPath });
    const out = await readLasFileHeader(outputPath);
    expect(out.version).toBe('1.2');
    expect(out.headerSize).toBe(227);
    expect(result.pointsOut).toBe(110_000);
    const header = await readLasFileHeader(input);
    const a = await records(input, header);
    const b = await records(outputPath, out);
    expect(b.every((record, i) => record.equals(a[i]!))).toBe(true);
  });

  it('refuses LAS 1.2 output for point format 7 when it runs', async () => {
    const plan = engine.plan(JSON.stringify([{ type: 'writers.las', minor_version: 2 }]), {
      srs: null,
    });
    const outputPath = path.join(work, 'refused.las');
    await expect(
      engine.run(plan, { inputPath: path.join(FIXTURES, 'autzen_trim_7.las'), outputPath }),
    ).rejects.toThrow(/LAS 1.2 cannot hold point format 7/);
    expect(await readdir(work)).not.toContain('refused.las');
  });

  it('says which stage left no points, and leaves no output file', async () => {
    const plan = engine.plan(
      JSON.stringify([{ type: 'filters.crop', bounds: '([0, 1], [0, 1])' }]),
      { srs: null },
    );
    const outputPath = path.join(work, 'empty.las');
    await expect(
      engine.run(plan, { inputPath: path.join(FIXTURES, 'autzen_trim.las'), outputPath }),
    ).rejects.toThrow(
      'The pipeline left no points: stage 1 (filters.crop) kept 0 of 110,000 points',
    );
    expect(await readdir(work)).not.toContain('empty.las');
  });

  it('reprojects with an auto scale and records the EPSG code as GeoTIFF keys', async () => {
    const srs =
      '+proj=lcc +lat_1=43 +lat_2=45.5 +lat_0=41.75 +lon_0=-120.5 +x_0=400000 +y_0=0 +ellps=GRS80 +units=ft +no_defs';
    const plan = engine.plan(
      JSON.stringify([
        { type: 'filters.reprojection', out_srs: 'EPSG:4326' },
        { type: 'filters.range', limits: 'Classification[2:2]' },
      ]),
      { srs },
    );
    const outputPath = path.join(work, 'wgs84.las');
    const result = await engine.run(plan, {
      inputPath: path.join(FIXTURES, 'autzen_trim.las'),
      outputPath,
    });
    expect(result.srs).toBe('EPSG:4326');
    expect(result.scale.x).toBe(1e-9);
    expect(result.bounds.min.x).toBeGreaterThan(-123.1);
    expect(result.bounds.max.x).toBeLessThan(-123.0);
    expect(result.bounds.min.y).toBeGreaterThan(44.0);
    const out = await readLasFileHeader(outputPath);
    expect(out.scale.x).toBe(1e-9);
    expect(out.hasGeoTiffKeys).toBe(true);
    // LAS 1.4 with a legacy point format: the keys alone, which every reader knows.
    expect((await crsRecordsOf(outputPath)).wkt).toBeNull();
    expect(out.pointCount).toBe(result.pointsOut);
    expect(result.stages.map((s) => s.type)).toEqual([
      'readers.las',
      'filters.reprojection',
      'filters.range',
      'writers.las',
    ]);
  });

  it.skipIf(!haveProjinfo && !process.env.CI)(
    "names a proj4 out_srs in PROJ's WKT, and says why not when PROJ is missing",
    async () => {
      const lambert =
        '+proj=lcc +lat_1=43 +lat_2=45.5 +lat_0=41.75 +lon_0=-120.5 +x_0=400000 +y_0=0 +ellps=GRS80 +units=m +no_defs';
      const plan = engine.plan(
        JSON.stringify([{ type: 'filters.reprojection', in_srs: 'EPSG:26910', out_srs: lambert }]),
        { srs: null },
      );
      const run = (name: string) =>
        engine.run(plan, {
          inputPath: path.join(FIXTURES, 'autzen-utm.las'),
          outputPath: path.join(work, name),
        });
      const named = await run('lambert.las');
      expect(named.crsNote).toBeNull();
      const records = await crsRecordsOf(path.join(work, 'lambert.las'));
      expect(records.geoKeys).toBeNull(); // no EPSG code has this definition
      expect(records.wkt).toMatch(/^PROJCS\["unknown".*"Lambert_Conformal_Conic_2SP"/);

      const previous = process.env.PROJINFO_PATH;
      process.env.PROJINFO_PATH = path.join(work, 'no-such-projinfo');
      try {
        const unnamed = await run('lambert-unnamed.las');
        expect(unnamed.crsNote).toBe(PROJINFO_MISSING_NOTE);
        expect(await crsRecordsOf(path.join(work, 'lambert-unnamed.las'))).toMatchObject({
          geoKeys: null,
          wkt: null,
        });
      } finally {
        if (previous === undefined) delete process.env.PROJINFO_PATH;
        else process.env.PROJINFO_PATH = previous;
      }
    },
  );

  it('names the writer when a coordinate does not fit the chosen scale', async () => {
    const plan = engine.plan(
      JSON.stringify([
        { type: 'filters.transformation', matrix: '1 0 0 1e9 0 1 0 0 0 0 1 0 0 0 0 1' },
        { type: 'writers.las', scale_x: 0.01, offset_x: 0 },
      ]),
      { srs: null },
    );
    const outputPath = path.join(work, 'overflow.las');
    await expect(
      engine.run(plan, { inputPath: path.join(FIXTURES, 'simple.laz'), outputPath }),
    ).rejects.toThrow(
      /^writers.las: X = 100\d+(\.\d+)? does not fit the output's scale 0.01 and offset 0/,
    );
    expect(await readdir(work)).not.toContain('overflow.las');
  });

  it('stops when aborted and removes the output', async () => {
    const plan = engine.plan('["in.las"]', { srs: null });
    const controller = new AbortController();
    controller.abort(new Error('stopped by the user'));
    const outputPath = path.join(work, 'aborted.las');
    await expect(
      engine.run(plan, {
        inputPath: path.join(FIXTURES, 'autzen_trim.las'),
        outputPath,
        signal: controller.signal,
      }),
    ).rejects.toThrow('stopped by the user');
    expect(await readdir(work)).not.toContain('aborted.las');
  });
});

describe('builtInPipelineEngine.validate', () => {
  const validate = (pipeline: unknown, context = {}) =>
    engine.validate(typeof pipeline === 'string' ? pipeline : JSON.stringify(pipeline), {
      srs: null,
      ...context,
    });
  const errors = (pipeline: unknown, context = {}) => {
    const result = validate(pipeline, context);
    return result.ok ? [] : result.errors;
  };

  it('accepts the PDAL forms and summarises each stage', () => {
    expect(validate(['in.las', { type: 'filters.range', limits: 'Z[0:100]' }, 'out.las'])).toEqual({
      ok: true,
      stages: [
        { type: 'readers.las', summary: "reads the scan's point cloud" },
        { type: 'filters.range', summary: 'keeps points in Z[0:100]' },
        {
          type: 'writers.las',
          summary: 'writes LAS 1.4, scale input/input/input, offset input/input/input',
        },
      ],
    });
    expect(validate({ pipeline: [{ type: 'filters.merge' }] }).ok).toBe(true);
    const reprojected = validate([
      { type: 'filters.reprojection', out_srs: 'EPSG:4326' },
      { type: 'writers.las', scale_z: 0.01 },
    ]);
    expect(reprojected.ok && reprojected.stages.at(-1)).toEqual({
      type: 'writers.las',
      summary: 'writes LAS 1.4, scale auto/auto/0.01, offset auto/auto/auto',
    });
  });

  it('refuses invalid JSON and a wrong shape', () => {
    expect(errors('[{"type": "filters.range",')[0]).toMatch(/^The pipeline is not valid JSON: /);
    expect(errors({ stages: [] })).toEqual([
      'The pipeline must be a JSON array of stages or an object {"pipeline": [...]}',
    ]);
    expect(errors({ pipeline: [], extra: 1 })).toEqual([
      'The pipeline\'s "extra" key is not supported',
    ]);
  });

  it('names unknown stages and options with the stage index', () => {
    expect(errors([{ type: 'filters.pmf' }])[0]).toMatch(
      /^stage 1 \(filters.pmf\): stage type "filters.pmf" is not supported by this engine \(supported: readers.las, filters.crop/,
    );
    expect(errors([{ type: 'filters.range', limits: 'Z[0:1]', cell: 2 }])).toEqual([
      'stage 1 (filters.range): option "cell" is not supported by this engine',
    ]);
    expect(
      errors([{ type: 'filters.crop', bounds: '([0, 1], [0, 1])', a_srs: 'EPSG:4326' }]),
    ).toEqual(['stage 1 (filters.crop): option "a_srs" is not supported by this engine']);
  });

  it('refuses bad ranges, expressions and values', () => {
    expect(errors([{ type: 'filters.range', limits: 'Classification[7:2]' }])).toEqual([
      'stage 1 (filters.range): option "limits" "Classification[7:2]" has its lower bound above its upper bound',
    ]);
    expect(errors([{ type: 'filters.range', limits: 'Colour[1:2]' }])[0]).toMatch(
      /option "limits" "Colour\[1:2\]" names an unknown dimension "Colour"/,
    );
    expect(errors([{ type: 'filters.range', limits: 'Z 0 100' }])[0]).toMatch(
      /is not a range like/,
    );
    expect(errors([{ type: 'filters.range' }])).toEqual([
      'stage 1 (filters.range): option "limits" is required',
    ]);
    expect(errors([{ type: 'filters.expression', expression: 'Z > ' }])[0]).toMatch(
      /stage 1 \(filters.expression\): option "expression" ends early/,
    );
    expect(errors([{ type: 'filters.sample', radius: -1 }])).toEqual([
      'stage 1 (filters.sample): option "radius" must be greater than 0, got -1',
    ]);
    expect(errors([{ type: 'filters.crop', bounds: '([1, 0], [0, 1])' }])[0]).toMatch(
      /has a minimum above its maximum/,
    );
    expect(errors([{ type: 'filters.reprojection', out_srs: 'EPSG:999999' }])[0]).toMatch(
      /option "out_srs" "EPSG:999999" is not an EPSG code the portal knows/,
    );
    expect(errors([{ type: 'filters.transformation', matrix: '1 0 0' }])[0]).toMatch(
      /option "matrix" must hold 16 numbers/,
    );
  });

  it('refuses filenames that leave the folder, and LAZ output', () => {
    expect(errors([{ type: 'writers.las', filename: '../out.las' }])).toEqual([
      'stage 1 (writers.las): option "filename" "../out.las" leaves the job\'s folder (absolute or "..")',
    ]);
    expect(errors([{ type: 'writers.las', filename: '/tmp/out.las' }])[0]).toMatch(
      /leaves the job's folder/,
    );
    expect(errors([{ type: 'readers.las', filename: 'a/../../x.las' }])[0]).toMatch(
      /leaves the job's folder/,
    );
    expect(errors([{ type: 'writers.las', filename: 'out.laz' }])[0]).toMatch(
      /option "filename" "out.laz": LAZ output is not available/,
    );
    expect(errors([{ type: 'writers.las', compression: 'laszip' }])[0]).toMatch(
      /option "compression" "laszip": LAZ output is not available/,
    );
    expect(errors(['in.las', 'out.laz'])[0]).toMatch(/LAZ output is not available/);
  });

  it('refuses branching pipelines and misplaced readers and writers', () => {
    expect(errors([{ type: 'filters.merge', inputs: ['a', 'b'] }])[0]).toMatch(
      /option "inputs" \["a","b"\]: only linear pipelines are supported/,
    );
    expect(errors([{ type: 'filters.merge' }, { type: 'readers.las' }])[0]).toMatch(
      /stage 2 \(readers.las\): option "type" the reader must be the first stage/,
    );
    expect(
      validate([
        { type: 'readers.las', tag: 'in' },
        { type: 'filters.merge', inputs: ['in'] },
      ]).ok,
    ).toBe(true);
  });

  it('needs a bounding box for the placeholders, and knows only the six names', () => {
    const crop = [{ type: 'filters.crop', bounds: '([<%xmin%>, <%xmax%>], [<%ymin%>, <%ymax%>])' }];
    expect(errors(crop)).toEqual([
      'The pipeline uses the bounding-box placeholder <%xmin%> but the scan has no bounding box',
    ]);
    const boundingBox = { minx: 1, maxx: 2, miny: 3, maxy: 4, minz: 5, maxz: 6 };
    expect(validate(crop, { boundingBox })).toEqual({
      ok: true,
      stages: expect.arrayContaining([
        { type: 'filters.crop', summary: 'keeps points inside bounds ([1, 2], [3, 4])' },
      ]),
    });
    expect(errors([{ type: 'filters.crop', bounds: '<%area%>' }], { boundingBox })[0]).toMatch(
      /^Unknown placeholder <%area%>/,
    );
  });

  it('states the memory bound of neighbour stages in the plan', () => {
    const plan = engine.plan(
      JSON.stringify([
        { type: 'filters.outlier', mean_k: 8, multiplier: 2 },
        { type: 'filters.range', limits: 'Classification![7:7]' },
      ]),
      { srs: null, pointCount: 1_000_000, pointRecordLength: 34 },
    );
    expect(plan.stages.map((s) => s.memory)).toEqual([
      'streams (65,536 points at a time)',
      'holds up to 1,000,000 points in memory (~75 MB)',
      'streams (65,536 points at a time)',
      'streams (65,536 points at a time)',
    ]);
    expect(() => engine.plan('[{"type": "filters.nope"}]', { srs: null })).toThrow(
      PipelineValidationError,
    );
  });
});
