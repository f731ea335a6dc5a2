import {
  FIELD_REQUIRED,
  GEOTIFF_TOO_SMALL,
  LAYER_FILE_TYPE_INVALID,
  LAYER_MESSAGES,
  LAYER_NAME_INVALID,
  LAYER_WARNINGS,
} from '@asset-portal/shared';
import { describe, expect, it, vi } from 'vitest';
import type { LayerRow } from './layer-types.ts';
import {
  type LayerUploadForm,
  type UploadPhase,
  type UploadSteps,
  uploadLayer,
} from './layer-upload.ts';
import type { ConvertedLayerFile } from './layer-worker-messages.ts';

const file = (name: string, size = 2000) => new File([new Uint8Array(size)], name);

const form = (changes: Partial<LayerUploadForm> = {}): LayerUploadForm => ({
  file: file('roads.geojson'),
  name: 'Roads',
  comments: '',
  showByDefault: true,
  ignore: false,
  vendorId: '',
  geotiffMode: 'bounds',
  ...changes,
});

const converted: ConvertedLayerFile = {
  kind: 'shapefile',
  sourceJson: new TextEncoder().encode(
    JSON.stringify('{"type":"FeatureCollection","features":[]}'),
  ),
  styles: [{ type: 'fill', paint: { 'fill-color': '#f00' } }],
  featureCount: 0,
  sourceBytes: 43,
  warnings: [LAYER_WARNINGS.noPrj],
  crs: 'EPSG:4326',
};

function steps(overrides: Partial<Pick<UploadSteps, 'convert' | 'create'>> = {}) {
  const created = { id: 'L1', name: 'Roads' } as LayerRow;
  const convert = vi.fn<UploadSteps['convert']>(overrides.convert ?? (async () => converted));
  const create = vi.fn<UploadSteps['create']>(overrides.create ?? (async () => created));
  const onPhase = vi.fn<(phase: UploadPhase) => void>();
  return { convert, create, onPhase };
}

describe('uploading a layer file', () => {
  it('converts the file, then creates the layer with the conversion’s styles', async () => {
    const s = steps();
    const outcome = await uploadLayer(
      form({ name: '  Roads ', comments: ' main roads ', vendorId: 'V1', ignore: true }),
      'P1',
      s,
    );
    expect(outcome).toEqual({
      ok: true,
      layer: { id: 'L1', name: 'Roads' },
      warnings: [LAYER_WARNINGS.noPrj],
    });
    expect(s.convert).toHaveBeenCalledWith(expect.any(File), {}, undefined);
    expect(s.create).toHaveBeenCalledWith({
      projectId: 'P1',
      name: 'Roads',
      comments: 'main roads',
      sourceJson: converted.sourceJson,
      layers: JSON.stringify(converted.styles),
      showByDefault: true,
      ignore: true,
      vendorId: 'V1',
    });
    expect(s.onPhase.mock.calls.map(([phase]) => phase)).toEqual(['converting', 'saving']);
  });

  it('sends no comments and no group when they are left empty', async () => {
    const s = steps();
    await uploadLayer(form({ comments: '   ' }), 'P1', s);
    expect(s.create.mock.calls[0]?.[0]).toMatchObject({ comments: null, vendorId: null });
  });

  it('passes the GeoTIFF mode for a GeoTIFF only', async () => {
    const s = steps();
    await uploadLayer(form({ file: file('dem.tiff'), geotiffMode: 'grid' }), 'P1', s);
    expect(s.convert.mock.calls[0]?.[1]).toEqual({ geotiffMode: 'grid' });
  });

  it.each([
    ['a name breaking the rule', form({ name: 'ab' }), LAYER_NAME_INVALID],
    ['an empty name', form({ name: ' ' }), FIELD_REQUIRED],
    ['no file', form({ file: null }), FIELD_REQUIRED],
    ['an unsupported file', form({ file: file('notes.txt') }), LAYER_FILE_TYPE_INVALID],
    ['a GeoTIFF under 1000 bytes', form({ file: file('dem.tif', 999) }), GEOTIFF_TOO_SMALL],
  ])('refuses %s before converting anything', async (_, input, message) => {
    const s = steps();
    expect(await uploadLayer(input, 'P1', s)).toEqual({ ok: false, message, warnings: [] });
    expect(s.convert).not.toHaveBeenCalled();
    expect(s.create).not.toHaveBeenCalled();
  });

  it('shows a conversion failure with its own text and creates nothing', async () => {
    const s = steps({
      convert: vi.fn(async () => {
        throw new Error(LAYER_MESSAGES.emptyConversion);
      }),
    });
    expect(await uploadLayer(form(), 'P1', s)).toEqual({
      ok: false,
      message: LAYER_MESSAGES.emptyConversion,
      warnings: [],
    });
    expect(s.create).not.toHaveBeenCalled();
  });

  it("answers a server refusal with 'Upload failed' and the server's message", async () => {
    const s = steps({
      create: vi.fn(async () => {
        throw new Error('Not found');
      }),
    });
    expect(await uploadLayer(form(), 'P1', s)).toEqual({
      ok: false,
      title: 'Upload failed',
      message: 'Not found',
      warnings: [LAYER_WARNINGS.noPrj],
    });
  });

  it('stops when the dialog is closed during the conversion', async () => {
    const controller = new AbortController();
    const s = steps({
      convert: vi.fn(async () => {
        controller.abort(new Error('closed'));
        throw new Error('closed');
      }),
    });
    await expect(uploadLayer(form(), 'P1', s, controller.signal)).rejects.toThrow('closed');
    expect(s.create).not.toHaveBeenCalled();
  });
});
