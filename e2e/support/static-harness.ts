import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

/**
 * A route of a harness beyond its static files (a GraphQL answer, tiles, objects): it answers
 * and returns true, or returns false to let the page's files be looked up.
 */
export type HarnessRoute = (
  url: URL,
  request: http.IncomingMessage,
  response: http.ServerResponse,
) => boolean;

export interface StaticHarness {
  /** http://127.0.0.1:<port> */
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves a built harness page (`index.html` at /) and its chunks on 127.0.0.1, after the
 * harness's own routes; anything outside the folder is a 404.
 */
export async function serveStaticHarness(
  pageFolder: string,
  route: HarnessRoute = () => false,
): Promise<StaticHarness> {
  const root = path.resolve(pageFolder);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (route(url, request, response)) return;
    const relative = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
    const file = path.join(root, path.normalize(relative));
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads a request's body as text (the harnesses' GraphQL answers need the variables). */
export function requestText(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}
