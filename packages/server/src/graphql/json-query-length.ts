// Byte values of the JSON syntax the scan reads.
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const LETTER_U = 0x75;
/** A key written with escapes spells `query` in at most 5 × 6 bytes between its quotes. */
const LONGEST_QUERY_KEY = 32;

/**
 * True when `body`, a JSON object, has a top-level `query` member that is a string longer than
 * `limit` UTF-16 code units (what `string.length` gives once parsed). Reads the bytes without
 * decoding them: a hostile multi-megabyte document is measured without a string of it ever being
 * made. False for anything else, malformed JSON included; the parser reports that.
 */
export function queryLongerThan(body: Uint8Array, limit: number): boolean {
  let at = skipSpace(body, startOf(body));
  if (body[at] !== OPEN_OBJECT) return false;
  at += 1;
  for (;;) {
    at = skipSpace(body, at);
    if (body[at] !== QUOTE) return false;
    const keyEnd = stringEnd(body, at);
    if (keyEnd < 0) return false;
    const isQuery = isQueryKey(body, at, keyEnd);
    at = skipSpace(body, keyEnd);
    if (body[at] !== COLON) return false;
    at = skipSpace(body, at + 1);
    const end = valueEnd(body, at);
    if (end < 0) return false;
    if (isQuery && body[at] === QUOTE && stringLongerThan(body, at + 1, end - 1, limit)) {
      return true;
    }
    at = skipSpace(body, end);
    if (body[at] !== COMMA) return false;
    at += 1;
  }
}

/** Past a UTF-8 byte order mark, which the JSON parser ignores too. */
function startOf(body: Uint8Array): number {
  return body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
}

function skipSpace(body: Uint8Array, at: number): number {
  let i = at;
  while (i < body.length) {
    const byte = body[i];
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) break;
    i += 1;
  }
  return i;
}

/** Index just past the closing quote of the string opening at `at`, or -1. */
function stringEnd(body: Uint8Array, at: number): number {
  let from = at + 1;
  for (;;) {
    const quote = body.indexOf(QUOTE, from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (body[quote - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** Index just past the value starting at `at`, or -1 when it does not end. */
function valueEnd(body: Uint8Array, at: number): number {
  const first = body[at];
  if (first === QUOTE) return stringEnd(body, at);
  if (first === OPEN_OBJECT || first === OPEN_ARRAY) {
    let depth = 0;
    let i = at;
    while (i < body.length) {
      const byte = body[i];
      if (byte === QUOTE) {
        i = stringEnd(body, i);
        if (i < 0) return -1;
        continue;
      }
      if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth += 1;
      else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        depth -= 1;
        if (depth === 0) return i + 1;
      }
      i += 1;
    }
    return -1;
  }
  // A number, true, false or null: up to the next separator.
  let i = at;
  while (i < body.length && body[i] !== COMMA && body[i] !== CLOSE_OBJECT) i += 1;
  return i === at ? -1 : i;
}

/** Whether the key between `start` (its opening quote) and `end` (past its closing one) is `query`. */
function isQueryKey(body: Uint8Array, start: number, end: number): boolean {
  if (end - start > LONGEST_QUERY_KEY + 2) return false;
  const text = Buffer.from(body.buffer, body.byteOffset + start, end - start).toString('utf8');
  try {
    return JSON.parse(text) === 'query';
  } catch {
    return false;
  }
}

/** Whether the string's content between byte `start` and `end` decodes to over `limit` units. */
function stringLongerThan(body: Uint8Array, start: number, end: number, limit: number): boolean {
  // Every UTF-16 unit takes one to six bytes of JSON (\uXXXX).
  if (end - start <= limit) return false;
  if (end - start > 6 * limit) return true;
  let units = 0;
  for (let i = start; i < end; i += 1) {
    const byte = body[i] as number;
    if (byte === BACKSLASH) {
      // \uXXXX is one unit, any other escape one character.
      i += body[i + 1] === LETTER_U ? 5 : 1;
      units += 1;
    } else if ((byte & 0xc0) !== 0x80) {
      // A lead byte of four (a character beyond the BMP) makes a surrogate pair.
      units += byte >= 0xf0 ? 2 : 1;
    }
    if (units > limit) return true;
  }
  return false;
}
