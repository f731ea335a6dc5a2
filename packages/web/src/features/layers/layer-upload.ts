/** The layer upload's steps: check the form, convert the file, create the layer. */
import type { GeoTiffMode } from '@asset-portal/layer-formats';
import {
  LAYER_MESSAGES,
  layerFileKind,
  validateLayerFile,
  validateLayerName,
} from '@asset-portal/shared';
import type { LayerRow } from './layer-types.ts';
import type { ConvertedLayerFile } from './layer-worker-messages.ts';
import type { NewUploadedLayer } from './use-layers.ts';

export interface LayerUploadForm {
  file: File | null;
  name: string;
  comments: string;
  showByDefault: boolean;
  ignore: boolean;
  /** '' for no group. */
  vendorId: string;
  geotiffMode: GeoTiffMode;
}

export type UploadPhase = 'converting' | 'saving';

export type UploadOutcome =
  | { ok: true; layer: LayerRow; warnings: string[] }
  | {
      ok: false;
      /** 'Upload failed' when the server refused the layer; absent for a file problem. */
      title?: string;
      message: string;
      warnings: string[];
    };

export interface UploadSteps {
  convert(
    file: File,
    options: { geotiffMode?: GeoTiffMode },
    signal?: AbortSignal,
  ): Promise<ConvertedLayerFile>;
  create(layer: NewUploadedLayer): Promise<LayerRow>;
  onPhase?(phase: UploadPhase): void;
}

/** The form's first problem (name, then file), or null when the upload may start. */
export function uploadFormProblem(form: Pick<LayerUploadForm, 'file' | 'name'>): string | null {
  return validateLayerName(form.name) ?? validateLayerFile(form.file);
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : LAYER_MESSAGES.uploadFailed;
}

/**
 * Converts the chosen file and creates the layer with the conversion's styles. Never throws
 * (except when aborted): a conversion failure answers with its own text, a server refusal with
 * 'Upload failed' and the server's message.
 */
export async function uploadLayer(
  form: LayerUploadForm,
  projectId: string,
  steps: UploadSteps,
  signal?: AbortSignal,
): Promise<UploadOutcome> {
  const problem = uploadFormProblem(form);
  if (problem || !form.file) return { ok: false, message: problem ?? '', warnings: [] };
  const file = form.file;

  steps.onPhase?.('converting');
  let converted: ConvertedLayerFile;
  try {
    const options = layerFileKind(file.name) === 'geotiff' ? { geotiffMode: form.geotiffMode } : {};
    converted = await steps.convert(file, options, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, message: messageOf(error), warnings: [] };
  }

  steps.onPhase?.('saving');
  const comments = form.comments.trim();
  try {
    const layer = await steps.create({
      projectId,
      name: form.name.trim(),
      comments: comments === '' ? null : comments,
      sourceJson: converted.sourceJson,
      layers: JSON.stringify(converted.styles),
      showByDefault: form.showByDefault,
      ignore: form.ignore,
      vendorId: form.vendorId === '' ? null : form.vendorId,
    });
    return { ok: true, layer, warnings: converted.warnings };
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      ok: false,
      title: LAYER_MESSAGES.uploadFailed,
      message: messageOf(error),
      warnings: converted.warnings,
    };
  }
}
