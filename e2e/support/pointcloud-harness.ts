import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requestText, serveStaticHarness } from './static-harness.ts';

/**
 * A stand-alone page rendering the 3D point-cloud view against Potree 2.0 folders on disk,
 * served on loopback the way the portal serves them: a GraphQL `pointCloudStreams` answer with
 * one opaque URL per object (like presigned URLs, nothing derivable from another) and objects
 * served with HTTP Range support. It counts the bytes of point-cloud objects it sends.
 */

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const HARNESS_DIR = path.join(REPO, 'node_modules/.cache/pointcloud-harness');
const VIEW_MODULE = path.join(REPO, 'packages/web/src/features/viewer/pointcloud/index.ts');

export interface HarnessCloud {
  scanId: string;
  /** Folder holding metadata.json, hierarchy.bin and octree.bin. */
  folder: string;
  /** proj4 definition of the cloud's coordinates. */
  crs: string;
  pointCount: number;
  status?: 'ready' | 'building' | 'failed' | 'missing';
}

const ENTRY = `
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { createRoot } from 'react-dom/client';
import { PointCloudView } from ${JSON.stringify(VIEW_MODULE)};

const params = new URLSearchParams(location.search);
const scanIds = params.getAll('scan');
const center = params.get('center');
const mapCenter = center
  ? (([lon, lat, zoom]) => ({ lon, lat, zoom }))(center.split(',').map(Number))
  : null;
const client = new ApolloClient({ link: new HttpLink({ uri: '/graphql' }), cache: new InMemoryCache() });
window.cameraCenters = [];
createRoot(document.getElementById('root')).render(
  <ApolloProvider client={client}>
    <div style={{ height: '100vh' }}>
      <PointCloudView
        scanIds={scanIds}
        mapCenter={mapCenter}
        onCameraCenterChange={(c) => window.cameraCenters.push(c)}
      />
    </div>
  </ApolloProvider>,
);
`;

const HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Point cloud</title>
<style>html,body{margin:0;height:100%}</style></head>
<body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>`;

/** Builds the page with Vite (production chunks, as the portal ships them); returns its folder. */
export async function buildHarness(): Promise<string> {
  const source = path.join(HARNESS_DIR, 'src');
  const out = path.join(HARNESS_DIR, 'dist');
  fs.mkdirSync(source, { recursive: true });
  fs.writeFileSync(path.join(source, 'index.html'), HTML);
  fs.writeFileSync(path.join(source, 'main.jsx'), ENTRY);
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  await build({
    root: source,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
  return out;
}

export interface HarnessServer {
  origin: string;
  /** Bytes of point-cloud objects sent since the last reset. */
  readonly cloudBytes: number;
  readonly cloudRequests: number;
  resetCounters(): void;
  close(): Promise<void>;
}

/** Serves the built page, the GraphQL answer and the objects (with Range) on 127.0.0.1. */
export async function serveHarness(
  pageFolder: string,
  clouds: readonly HarnessCloud[],
): Promise<HarnessServer> {
  const objects = new Map<string, string>();
  let nextToken = 0;
  const urlOf = (file: string) => {
    const token = `o/${(nextToken++).toString(36)}-${Math.random().toString(36).slice(2)}`;
    objects.set(token, file);
    return `/${token}?X-Amz-Signature=${Math.random().toString(16).slice(2)}`;
  };
  let cloudBytes = 0;
  let cloudRequests = 0;

  const harness = await serveStaticHarness(pageFolder, (url, request, response) => {
    if (url.pathname === '/graphql' && request.method === 'POST') {
      void requestText(request).then((body) => {
        const { variables } = JSON.parse(body) as { variables: { scanIds: string[] } };
        const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
        const streams = variables.scanIds.map((scanId) => {
          const cloud = clouds.find((candidate) => candidate.scanId === scanId);
          const status = cloud ? (cloud.status ?? 'ready') : 'missing';
          const ready = cloud && status === 'ready';
          return {
            __typename: 'PointCloudStream',
            scanId,
            status,
            format: 'potree-2.0',
            metadataUrl: ready ? urlOf(path.join(cloud.folder, 'metadata.json')) : null,
            hierarchyUrl: ready ? urlOf(path.join(cloud.folder, 'hierarchy.bin')) : null,
            octreeUrl: ready ? urlOf(path.join(cloud.folder, 'octree.bin')) : null,
            expiresAt: ready ? expiresAt : null,
            crs: cloud?.crs ?? null,
            pointCount: cloud?.pointCount ?? null,
          };
        });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ data: { pointCloudStreams: streams } }));
      });
      return true;
    }
    const object = objects.get(url.pathname.slice(1));
    if (object) {
      serveFile(object, request, response, (sent) => {
        cloudBytes += sent;
        cloudRequests += 1;
      });
      return true;
    }
    return false;
  });
  return {
    origin: harness.origin,
    get cloudBytes() {
      return cloudBytes;
    },
    get cloudRequests() {
      return cloudRequests;
    },
    resetCounters() {
      cloudBytes = 0;
      cloudRequests = 0;
    },
    close: harness.close,
  };
}

function serveFile(
  file: string,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  onSent: (bytes: number) => void,
) {
  const size = fs.statSync(file).size;
  const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
  let start = 0;
  let end = size - 1;
  if (range) {
    start = Number(range[1]);
    end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      response.writeHead(416, { 'content-range': `bytes */${size}` }).end();
      return;
    }
  }
  const length = end - start + 1;
  response.writeHead(range ? 206 : 200, {
    'content-type': file.endsWith('.json') ? 'application/json' : 'application/octet-stream',
    'content-length': length,
    'accept-ranges': 'bytes',
    ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
  });
  onSent(length);
  fs.createReadStream(file, { start, end }).pipe(response);
}
