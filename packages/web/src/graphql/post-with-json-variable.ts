import type { TypedDocumentNode } from '@apollo/client';
import { print } from 'graphql';

/**
 * Posts a GraphQL operation one of whose variables is a large string already encoded as a JSON
 * literal in UTF-8 bytes (by a Web Worker). The bytes are put into the request body as they are,
 * so the page never serialises or encodes megabytes on its main thread (a 15 MB GeoJSON took
 * over 100 ms to escape, and as long again to encode).
 */
export async function postWithJsonVariable<T, V, K extends keyof V & string>(
  document: TypedDocumentNode<T, V>,
  variables: Omit<V, K>,
  encoded: { name: K; json: Uint8Array<ArrayBuffer> | string },
): Promise<T> {
  if (encoded.name in variables) throw new Error(`${encoded.name} is given twice`);
  const query = print(document);
  // JSON.stringify of an object ends with '}' twice here: the variables' and the body's.
  const head = JSON.stringify({ query, variables }).slice(0, -2);
  const separator = Object.keys(variables as object).length > 0 ? ',' : '';
  const body = new Blob([
    `${head}${separator}${JSON.stringify(encoded.name)}:`,
    encoded.json,
    '}}',
  ]);
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const answer = (await response.json().catch(() => ({}))) as {
    data?: T;
    errors?: { message: string }[];
  };
  const message = answer.errors?.[0]?.message;
  if (message) throw new Error(message);
  if (!response.ok || !answer.data) throw new Error(`The server answered HTTP ${response.status}`);
  return answer.data;
}
