import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { worldGeoJson } from './src/features/map/world-data.ts';

const MODULE_ID = 'virtual:base-map';
const RESOLVED_ID = `\0${MODULE_ID}`;
/** Where the development server serves the files (a build emits them as hashed assets). */
const DEV_PATH = '/@base-map/';

const require = createRequire(import.meta.url);

function readTopology(name: string): never {
  return JSON.parse(readFileSync(require.resolve(`world-atlas/${name}`), 'utf8')) as never;
}

/**
 * `virtual:base-map`: the addresses of the base map's land and borders, as GeoJSON files made
 * from the bundled Natural Earth TopoJSON when the app is built. The page used to fetch the
 * TopoJSON and convert it on its main thread after the map loaded (about half a second before
 * MapLibre's worker could start on the land); with files, the map's style names them from the
 * start and the worker fetches and tiles them itself.
 */
export function baseMapPlugin(): Plugin {
  let files: { land: string; borders: string } | undefined;
  const convert = () => {
    files ??= worldGeoJson(readTopology('land-50m.json'), readTopology('countries-50m.json'));
    return files;
  };
  let serving = false;
  return {
    name: 'asset-portal:base-map',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return;
      if (serving) {
        return `export const landUrl = '${DEV_PATH}land.json';\nexport const bordersUrl = '${DEV_PATH}borders.json';`;
      }
      const { land, borders } = convert();
      const landRef = this.emitFile({ type: 'asset', name: 'base-land.json', source: land });
      const bordersRef = this.emitFile({
        type: 'asset',
        name: 'base-borders.json',
        source: borders,
      });
      return [
        `export const landUrl = import.meta.ROLLUP_FILE_URL_${landRef};`,
        `export const bordersUrl = import.meta.ROLLUP_FILE_URL_${bordersRef};`,
      ].join('\n');
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (request, response, next) => {
        const name = request.url?.replace(/^\//, '').replace(/\.json$/, '');
        const body = name === 'land' || name === 'borders' ? convert()[name] : undefined;
        if (body === undefined) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(body);
      });
    },
  };
}
