/**
 * Posts a GraphQL operation one of whose variables is a large string already encoded as a JSON
 * literal in UTF-8 bytes (by a Web Worker). The bytes are put into the request body as they are,
 * so the page never serialises or encodes megabytes on its main thread (a 15 MB GeoJSON took
 * over 100 ms to escape, and as long again to encode).
 */
export async function postWithJsonVariable<T>(
  query: string,
  variables: Record<string, unknown>,
  encoded: { name: string; json: Uint8Array<ArrayBuffer> | string },
): Promise<T> {
  if (encoded.name in variables) throw new Error(`${encoded.name} is given twice`);
  // JSON.stringify of an object ends with '}' twice here: the variables' and the body's.
  const head = JSON.stringify({ query, variables }).slice(0, -2);
  const separator = Object.keys(variables).length > 0 ? ',' : '';
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
