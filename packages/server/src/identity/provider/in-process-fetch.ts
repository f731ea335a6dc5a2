import type { FastifyInstance } from 'fastify';

interface FetchOptions {
  method: string;
  headers: Record<string, string>;
  body?: unknown;
}

/**
 * A fetch for the portal's calls to its own built-in provider: requests under the issuer are
 * answered in process, so sign-in works behind proxies and TLS terminators that the server
 * itself cannot reach through its public URL.
 */
export function inProcessFetch(app: FastifyInstance, issuer: string) {
  const issuerUrl = new URL(issuer);
  return async (url: string, options: FetchOptions): Promise<Response> => {
    const target = new URL(url);
    if (target.origin !== issuerUrl.origin || !target.pathname.startsWith(issuerUrl.pathname)) {
      return fetch(url, options as RequestInit);
    }
    const headers: Record<string, string> = { ...options.headers, host: target.host };
    if (target.protocol === 'https:') headers['x-forwarded-proto'] = 'https';
    const body = options.body;
    const response = await app.inject({
      method: options.method as 'GET',
      url: target.pathname + target.search,
      headers,
      ...(body === undefined || body === null ? {} : { payload: String(body) }),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        responseHeaders.append(name, String(item));
      }
    }
    const noBody = [204, 304].includes(response.statusCode);
    return new Response(noBody ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}
