import {
  availablePipelines,
  VALUE_REQUIRED,
  VERSION_EXISTS,
  VERSION_NAME_INVALID,
  validateVersionName,
} from '@asset-portal/shared';
import { describe, expect, it } from 'vitest';
import {
  mergeValidationErrors,
  otherVersionsNotice,
  preparePipelineText,
  processingHeading,
  processingSourcesOf,
  scansWithOtherVersions,
  sourceArtifactOf,
  versionNameClash,
} from './processing-rules.ts';
import type { ProcessingTarget } from './types.ts';

const cloud = (id: string, name: string) => ({ id, artifactType: 'pointcloud', name });
const scanA: ProcessingTarget = {
  id: 'LG1_20240101_000000_01',
  artifacts: [
    { id: 'a-cam', artifactType: 'left_cam', name: 'unclassified' },
    cloud('a-1', 'unclassified'),
    cloud('a-2', 'ground'),
  ],
};
const scanB: ProcessingTarget = {
  id: 'LG1_20240101_000000_02',
  artifacts: [cloud('b-1', 'unclassified')],
};
const bare: ProcessingTarget = {
  id: 'LG1_20240101_000000_03',
  artifacts: [{ id: 'c-cam', artifactType: 'center_cam', name: 'unclassified' }],
};
const box = { minx: 1, miny: 2, minz: 3, maxx: 4, maxy: 5, maxz: 6 };

describe('the source artifact', () => {
  it('is the focused version when the scan has it, else the unclassified cloud', () => {
    expect(sourceArtifactOf(scanA, 'ground')?.id).toBe('a-2');
    expect(sourceArtifactOf(scanA, null)?.id).toBe('a-1');
    expect(sourceArtifactOf(scanB, 'ground')?.id).toBe('b-1');
  });

  it("is an imported scan's imported cloud, which bulk processing takes like unclassified", () => {
    const imported: ProcessingTarget = {
      id: 'imp-1',
      artifacts: [cloud('i-1', 'imported'), cloud('i-2', 'ground')],
    };
    expect(sourceArtifactOf(imported, null)?.id).toBe('i-1');
    expect(sourceArtifactOf(imported, 'ground')?.id).toBe('i-2');
    expect(processingSourcesOf([imported], null)).toEqual({
      artifactIds: ['i-1'],
      missingScanIds: [],
      unstoredScanIds: [],
    });
  });

  it('is never an image artifact, and missing without a cloud', () => {
    expect(sourceArtifactOf(bare, null)).toBeNull();
    expect(sourceArtifactOf({ id: 'x', artifacts: [cloud('x-1', 'ground')] }, null)).toBeNull();
  });

  it('leaves scans without one out of the submission and names them', () => {
    expect(processingSourcesOf([scanA, bare, scanB], null)).toEqual({
      artifactIds: ['a-1', 'b-1'],
      missingScanIds: [bare.id],
      unstoredScanIds: [],
    });
  });

  it('leaves out the scans whose clouds the portal does not hold; no artifact says so first', () => {
    // The server lists a scan without any cloud among the unstored too.
    expect(processingSourcesOf([scanA, bare, scanB], null, [scanB.id, bare.id])).toEqual({
      artifactIds: ['a-1'],
      missingScanIds: [bare.id],
      unstoredScanIds: [scanB.id],
    });
  });
});

describe('scans with other versions than the one bulk processing starts from', () => {
  it('are those holding clouds besides unclassified; scans left out are not counted', () => {
    const corrected: ProcessingTarget = {
      id: 'LG1_20240101_000000_04',
      artifacts: [cloud('d-1', 'unclassified'), cloud('d-2', 'ppk-7'), cloud('d-3', 'ground')],
    };
    const onlyOther = { id: 'x', artifacts: [cloud('x-1', 'ground')] };
    expect(scansWithOtherVersions([scanA, scanB, bare, corrected, onlyOther])).toEqual([
      { id: scanA.id, from: 'unclassified', versions: ['ground'] },
      { id: corrected.id, from: 'unclassified', versions: ['ppk-7', 'ground'] },
    ]);
    const imported = { id: 'imp-1', artifacts: [cloud('i-1', 'imported'), cloud('i-2', 'ground')] };
    expect(
      scansWithOtherVersions([imported, { id: 'imp-2', artifacts: [cloud('j', 'imported')] }]),
    ).toEqual([{ id: 'imp-1', from: 'imported', versions: ['ground'] }]);
    expect(scansWithOtherVersions([scanB, bare])).toEqual([]);
  });

  it('are named in the notice, three at most, the rest counted', () => {
    expect(otherVersionsNotice([{ id: 'S1', from: 'unclassified', versions: ['ppk-7'] }])).toBe(
      '1 of the selected scans has other versions than unclassified (S1: ppk-7). Bulk processing starts from unclassified and its result becomes their default version; the other versions stay and can be chosen again in the viewer.',
    );
    const five = ['S1', 'S2', 'S3', 'S4', 'S5'].map((id) => ({
      id,
      from: 'unclassified',
      versions: ['a', 'b'],
    }));
    expect(otherVersionsNotice(five)).toMatch(
      /^5 of the selected scans have other versions than unclassified \(S1: a, b; S2: a, b; S3: a, b; and 2 more\)\./,
    );
  });
});

describe('the version name (shared with the server)', () => {
  it('is required', () => {
    expect(validateVersionName('')).toBe(VALUE_REQUIRED);
    expect(validateVersionName('   ')).toBe(VALUE_REQUIRED);
    expect(validateVersionName(null)).toBe(VALUE_REQUIRED);
  });

  it('takes letters, digits, - _ . up to 64 characters', () => {
    expect(validateVersionName('cropped-v2_2024.1')).toBeNull();
    expect(validateVersionName('a'.repeat(64))).toBeNull();
    expect(validateVersionName('a'.repeat(65))).toBe(VERSION_NAME_INVALID);
    expect(validateVersionName('my version')).toBe(VERSION_NAME_INVALID);
    expect(validateVersionName('../x')).toBe(VERSION_NAME_INVALID);
  });
});

describe('the heading', () => {
  it('counts the scans in bulk', () => {
    expect(processingHeading([scanA, scanB], null, true)).toBe(
      'Post Processing: Submit 2 for post processing.',
    );
    expect(processingHeading([scanA], null, true)).toBe(
      'Post Processing: Submit 1 for post processing.',
    );
  });

  it('names the scan and the version for one scan', () => {
    expect(processingHeading([scanA], 'ground', false)).toBe(
      'Submit LG1_20240101_000000_01, ground for post processing.',
    );
    expect(processingHeading([scanA], null, false)).toBe(
      'Submit LG1_20240101_000000_01, unclassified for post processing.',
    );
  });
});

describe('the pipeline text', () => {
  it('has the placeholders replaced and must parse as JSON', () => {
    const text = '{"bounds":"([<%xmin%>,<%xmax%>],[<%ymin%>,<%ymax%>],[<%zmin%>,<%zmax%>])"}';
    expect(preparePipelineText(text, box)).toEqual({
      ok: true,
      text: '{"bounds":"([1,4],[2,5],[3,6])"}',
    });
    expect(preparePipelineText('[<%xmin%>]', box)).toEqual({ ok: true, text: '[1]' });
  });

  it('is refused when blank or not JSON', () => {
    expect(preparePipelineText('  ', null)).toEqual({ ok: false, error: VALUE_REQUIRED });
    expect(preparePipelineText('{"pipeline": [', null).ok).toBe(false);
    expect(preparePipelineText('[<%xmin%>]', null).ok).toBe(false);
  });

  it('keeps the text as written when there is no box', () => {
    const text = '{\n  "pipeline": []\n}';
    expect(preparePipelineText(text, null)).toEqual({ ok: true, text });
  });
});

describe('the pipelines offered', () => {
  it('hides those depending on the 3D Bounding Box without a box', () => {
    const pipelines = [
      { id: '1', dependencies: ['3D Bounding Box'] },
      { id: '2', dependencies: [] },
    ];
    expect(availablePipelines(pipelines, null).map((p) => p.id)).toEqual(['2']);
    expect(availablePipelines(pipelines, box).map((p) => p.id)).toEqual(['1', '2']);
  });
});

it('merges the errors of several scans, each once', () => {
  expect(
    mergeValidationErrors([{ errors: ['a', 'b'] }, { errors: ['b', 'c'] }, { errors: [] }]),
  ).toEqual(['a', 'b', 'c']);
});

describe('the notice about other versions, with an imported scan among them', () => {
  it('says that an imported scan starts from its imported cloud', () => {
    expect(
      otherVersionsNotice([
        { id: 'S1', from: 'unclassified', versions: ['ppk-7'] },
        { id: 'imp-1', from: 'imported', versions: ['ground'] },
      ]),
    ).toBe(
      '2 of the selected scans have other versions than the one processed (S1: ppk-7; imp-1: ground). Bulk processing starts from unclassified, or imported for an imported scan, and its result becomes their default version; the other versions stay and can be chosen again in the viewer.',
    );
  });
});

describe('a Version Name a scan already holds', () => {
  const sources = (scans: ProcessingTarget[], unstored: string[] = []) =>
    processingSourcesOf(scans, null, unstored);

  it('is refused while typed, naming the scan, case aside as the server compares', () => {
    const scans = [scanB, scanA];
    expect(versionNameClash(scans, sources(scans), 'Ground ')).toBe(
      VERSION_EXISTS('Ground', scanA.id),
    );
    expect(versionNameClash(scans, sources(scans), 'unclassified')).toBe(
      VERSION_EXISTS('unclassified', scanB.id),
    );
  });

  it('is no clash for a new name, a blank one, or on a scan that is left out', () => {
    const scans = [scanA, scanB];
    expect(versionNameClash(scans, sources(scans), 'ground-v2')).toBeNull();
    expect(versionNameClash(scans, sources(scans), '  ')).toBeNull();
    // scanA's cloud cannot be read by the job: it is not processed, so its versions do not count.
    expect(versionNameClash(scans, sources(scans, [scanA.id]), 'ground')).toBeNull();
  });
});
