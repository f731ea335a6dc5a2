import {
  FILE_SIZE_EMPTY,
  LAYER_DEFAULTS,
  LAYER_MESSAGES,
  layerFileKind,
} from '@asset-portal/shared';
import { fail } from './errors.ts';
import { convertGeoJson } from './geojson.ts';
import { convertGeoTiff } from './geotiff.ts';
import { convertKml } from './kml.ts';
import { convertKmz } from './kmz.ts';
import { resolveLimits } from './limits.ts';
import { convertBareShapefile, convertShapefileZip } from './shapefile.ts';
import type { ConvertOptions, GeoTiffMode, LayerConversion } from './types.ts';

/**
 * Converts a layer file (GeoJSON, KML, KMZ, zipped Shapefile, GeoTIFF) to a WGS 84
 * FeatureCollection. Pure over its bytes: runs in a Web Worker and in Node. Fails with a
 * `LayerConversionError` whose message is the text to show.
 */
export async function convertLayerFile(
  name: string,
  bytes: Uint8Array,
  options: ConvertOptions = {},
): Promise<LayerConversion> {
  const limits = resolveLimits(options.limits);
  const kind = layerFileKind(name);
  if (!kind) fail(LAYER_MESSAGES.unsupportedType);
  // Said as such, not as the parse error each format would give for no bytes.
  if (bytes.length === 0) fail(FILE_SIZE_EMPTY);
  if (bytes.length > limits.maxInputBytes) fail(LAYER_MESSAGES.fileTooLarge);
  switch (kind) {
    case 'geojson':
      return convertGeoJson(bytes);
    case 'kml':
      return convertKml(bytes);
    case 'kmz':
      return convertKmz(bytes, limits);
    case 'shapefile':
      return name.toLowerCase().endsWith('.shp')
        ? convertBareShapefile(bytes)
        : convertShapefileZip(bytes, limits);
    case 'geotiff': {
      const mode = options.geotiffMode ?? (LAYER_DEFAULTS.geoTiffMode as GeoTiffMode);
      return convertGeoTiff(name, bytes, mode, limits);
    }
  }
}
