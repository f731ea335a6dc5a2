// A loopback HTTP server that reads PUT bodies and drops them: what a browser can send on this
// machine when the receiver does nothing with the bytes. It answers each PUT with an ETag, and
// CORS preflights from any origin, so a page of another origin (the portal) can send it parts.
// Run alone (`node bench/lib/drop-sink.mjs <port>`) it prints "listening" once it accepts.
import http from 'node:http';
import { fileURLToPath } from 'node:url';

/**
 * Starts the sink on 127.0.0.1:`port`. `page` (HTML) is served on GET, for a page that sends
 * from the sink's own origin.
 */
export function startDropSink(port, page = '') {
  const server = http.createServer((request, response) => {
    const origin = request.headers.origin;
    if (origin) {
      response.setHeader('access-control-allow-origin', origin);
      response.setHeader('access-control-expose-headers', 'ETag');
    }
    if (request.method === 'OPTIONS') {
      response.setHeader('access-control-allow-methods', 'PUT');
      response.setHeader('access-control-allow-headers', '*');
      response.setHeader('access-control-max-age', '600');
      response.end();
      return;
    }
    if (request.method === 'GET') {
      response.setHeader('content-type', 'text/html');
      response.end(page);
      return;
    }
    let received = 0;
    request.on('data', (chunk) => {
      received += chunk.length;
    });
    request.on('end', () => {
      response.setHeader('etag', `"sink-${received}"`);
      response.end(String(received));
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await startDropSink(Number(process.argv[2]));
  console.log('listening');
}
