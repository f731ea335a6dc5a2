import type { FastifyBodyParser, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Lexer, Source, TokenKind } from 'graphql';
import { queryLongerThan } from './json-query-length.ts';

/**
 * Bounds every GraphQL request before the document is parsed or validated: a huge document,
 * one of tens of thousands of tokens or aliases, or deeply nested variables would otherwise cost
 * seconds of the single event loop that answers everyone. Also refuses what a browser could send
 * from another site: only JSON bodies (a form or text/plain body needs no CORS preflight) and,
 * when the browser names the page's origin, only this portal's.
 */
export const GRAPHQL_REQUEST_LIMITS = {
  /** Characters of the query text; the app's largest document is under 3,000. */
  maxDocumentChars: 100_000,
  maxTokens: 10_000,
  maxAliases: 500,
  /** Nesting of objects and arrays in the variables. */
  maxVariableDepth: 24,
} as const;

export type GuardRefusal = { status: number; message: string };

/** Why the request is refused before parsing, or null when it may go on. */
export function checkGraphqlRequest(
  request: Pick<FastifyRequest, 'method' | 'headers' | 'body'>,
  allowedOrigins: readonly string[],
): GuardRefusal | null {
  if (request.method !== 'POST') return null;
  const origin = request.headers.origin;
  if (origin !== undefined && !allowedOrigins.includes(origin)) {
    return { status: 403, message: 'Requests from another site are not accepted' };
  }
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json') {
    return { status: 415, message: 'The request body must be application/json' };
  }
  return checkBody(request.body);
}

/**
 * What the JSON parser hands on for a /graphql body whose query is over the document limit,
 * instead of parsing it: the guard refuses it in its turn.
 */
export const OVERSIZED_DOCUMENT: object = Object.freeze({});

const DOCUMENT_TOO_LARGE = `The document is larger than ${GRAPHQL_REQUEST_LIMITS.maxDocumentChars} characters`;

function checkBody(body: unknown): GuardRefusal | null {
  if (body === OVERSIZED_DOCUMENT) return badRequest(DOCUMENT_TOO_LARGE);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return badRequest('The request body must be a JSON object with a query');
  }
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string') return badRequest('query must be a string');
  if (operationName != null && typeof operationName !== 'string') {
    return badRequest('operationName must be a string');
  }
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) {
    return badRequest('variables must be an object');
  }
  if (query.length > GRAPHQL_REQUEST_LIMITS.maxDocumentChars) return badRequest(DOCUMENT_TOO_LARGE);
  if (variables != null && nestingDepth(variables) > GRAPHQL_REQUEST_LIMITS.maxVariableDepth) {
    return badRequest(
      `variables are nested deeper than ${GRAPHQL_REQUEST_LIMITS.maxVariableDepth} levels`,
    );
  }
  return checkTokens(query);
}

/**
 * Counts tokens and aliases (a name followed by a colon, outside arguments and variable
 * definitions) with graphql's own lexer, stopping at the first limit passed.
 */
function checkTokens(query: string): GuardRefusal | null {
  const lexer = new Lexer(new Source(query));
  let tokens = 0;
  let aliases = 0;
  let parens = 0;
  let previousWasName = false;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      tokens += 1;
      if (tokens > GRAPHQL_REQUEST_LIMITS.maxTokens) {
        return badRequest(`The document has more than ${GRAPHQL_REQUEST_LIMITS.maxTokens} tokens`);
      }
      if (token.kind === TokenKind.PAREN_L) parens += 1;
      if (token.kind === TokenKind.PAREN_R) parens -= 1;
      if (token.kind === TokenKind.COLON && previousWasName && parens === 0) {
        aliases += 1;
        if (aliases > GRAPHQL_REQUEST_LIMITS.maxAliases) {
          return badRequest(
            `The document has more than ${GRAPHQL_REQUEST_LIMITS.maxAliases} aliases`,
          );
        }
      }
      previousWasName = token.kind === TokenKind.NAME;
    }
  } catch {
    // A lexical error is reported by the parser with its location; nothing to bound here.
    return null;
  }
  return null;
}

function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > GRAPHQL_REQUEST_LIMITS.maxVariableDepth) return deepest;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return deepest;
}

const badRequest = (message: string): GuardRefusal => ({ status: 400, message });

/** The Fastify hook form of the guard, for the /graphql route. */
export function graphqlRequestGuard(allowedOrigins: (request: FastifyRequest) => string[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.url !== '/graphql') return;
    const refusal = checkGraphqlRequest(request, allowedOrigins(request));
    if (refusal) {
      await reply.code(refusal.status).send({ data: null, errors: [{ message: refusal.message }] });
    }
  };
}

/**
 * The JSON body parser, with the document's size checked on the bytes first for /graphql: a
 * request of a multi-megabyte document would otherwise be decoded and parsed into strings of its
 * size before the guard could refuse it, and the garbage they leave cost the event loop more than
 * the parse (the all-in-one runs V8 with --optimize-for-size). Other bodies go to `parse`.
 */
export function graphqlAwareJsonParser(
  parse: FastifyBodyParser<string>,
): FastifyBodyParser<Buffer> {
  return function parseJson(this: FastifyInstance, request, body, done) {
    if (
      request.routeOptions.url === '/graphql' &&
      queryLongerThan(body, GRAPHQL_REQUEST_LIMITS.maxDocumentChars)
    ) {
      done(null, OVERSIZED_DOCUMENT);
      return;
    }
    return parse.call(this, request, body.toString('utf8'), done);
  };
}
