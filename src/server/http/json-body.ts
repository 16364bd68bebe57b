import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './app-env';
import { ApiError } from './errors';
import { badText } from './text-guard';

/*
 * A JSON body is read by the route that takes it, after its own guards (who asks: routes/guards.ts),
 * and measured before it is parsed (docs/decisions/019). The API is one event loop: a body that
 * costs it 100 ms costs every shopper waiting behind it 100 ms too. JSON.parse's cost grows with a
 * body's size, and faster than that with its count of distinct field names (V8 makes a shape for
 * each), so a body is held to a depth, a count of values and, from someone not signed in, a size.
 */

/** The deepest a body may nest. The shop's own bodies go four levels deep. */
export const MAX_JSON_DEPTH = 64;
/**
 * The most values and field names a body may hold (counted as its `[`, `{`, `,` and `:`). The
 * largest the shop takes, 500 products' prices and stock at once, counts about 3,500.
 */
export const MAX_JSON_VALUES = 5000;
/**
 * The largest JSON body from someone not signed in: any form a guest fills, or a guest cart of
 * 200 lines to check, is well under it; the 1 MB limit (MAX_BODY_BYTES) is for signed-in work.
 */
export const MAX_GUEST_JSON_BYTES = 64 * 1024;

const guestLimit = bodyLimit({
  maxSize: MAX_GUEST_JSON_BYTES,
  onError: () => {
    throw new ApiError(
      413,
      'payload_too_large',
      'The request body is too large for someone not signed in (at most 64 KB); sign in first.',
    );
  },
});

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const U = 0x75;

/** The four hex digits at `at` as a number, or -1. */
function hex4(text: string, at: number): number {
  let value = 0;
  for (let i = at; i < at + 4; i++) {
    const c = text.charCodeAt(i);
    const digit = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/**
 * What is wrong with a JSON text's shape, from one pass over it that stops at the first excess:
 * nested deeper than MAX_JSON_DEPTH, more than MAX_JSON_VALUES values and names, or a `\u`
 * escape no column can hold (a NUL, a lone surrogate: `badText`'s rule, which a UTF-8 body can
 * carry in no other way). Strings are skipped with indexOf; what is not JSON is left to JSON.parse.
 */
export function measureJson(text: string): 'too deep' | 'too many values' | 'bad text' | undefined {
  let depth = 0;
  let values = 0;
  let badEscape = false;
  let i = 0;
  const end = text.length;
  // The next backslash at or after i, kept across strings so the text is searched once.
  let backslash = -1;
  const nextEscape = () => {
    if (backslash < i) backslash = text.indexOf('\\', i);
    if (backslash < 0) backslash = end;
    return backslash;
  };
  while (i < end) {
    const c = text.charCodeAt(i++);
    if (c === QUOTE) {
      // In a string: from one escape to the next until its closing quote, both found natively.
      let close = text.indexOf('"', i);
      for (;;) {
        if (close < 0) return undefined; // never closed: not JSON
        const at = nextEscape();
        if (at > close) break;
        if (text.charCodeAt(at + 1) === U) {
          const code = hex4(text, at + 2);
          let next = at + 6;
          if (code === 0 || (code >= 0xdc00 && code <= 0xdfff)) badEscape = true;
          else if (code >= 0xd800 && code <= 0xdbff) {
            // A high surrogate is whole only with a low one escaped right after it.
            const low =
              text.charCodeAt(next) === BACKSLASH && text.charCodeAt(next + 1) === U ? hex4(text, next + 2) : -1;
            if (low >= 0xdc00 && low <= 0xdfff) next += 6;
            else badEscape = true;
          }
          i = next;
        } else i = at + 2;
        if (i > close) close = text.indexOf('"', i); // that quote was escaped
      }
      i = close + 1;
    } else if (c === 0x5b || c === 0x7b) {
      // [ {
      if (++depth > MAX_JSON_DEPTH) return 'too deep';
      if (++values > MAX_JSON_VALUES) return 'too many values';
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2c || c === 0x3a) {
      // , :
      if (++values > MAX_JSON_VALUES) return 'too many values';
    }
  }
  return badEscape ? 'bad text' : undefined;
}

/**
 * The first string (value or field name) in a parsed body that cannot be taken, with its dotted
 * path. Depth-first with a stack of its own, in document order; a path is spelled out only for
 * the one found.
 */
export function findBadText(root: unknown): { field: string; problem: string } | undefined {
  type At = { value: unknown; key: string; parent: At | undefined };
  const path = (at: At | undefined) => {
    const keys: string[] = [];
    for (let a = at; a?.parent; a = a.parent) keys.push(a.key);
    return keys.length ? keys.reverse().join('.') : 'body';
  };
  const stack: At[] = [{ value: root, key: '', parent: undefined }];
  while (stack.length > 0) {
    const at = stack.pop() as At;
    const { value } = at;
    if (typeof value === 'string') {
      const problem = badText(value);
      if (problem) return { field: path(at), problem };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: String(i), parent: at });
    } else if (value && typeof value === 'object') {
      const keys = Object.keys(value);
      for (const key of keys) {
        const problem = badText(key);
        if (problem) return { field: path(at), problem: `has a field name that ${problem}` };
      }
      for (let k = keys.length - 1; k >= 0; k--)
        stack.push({ value: (value as Record<string, unknown>)[keys[k]], key: keys[k], parent: at });
    }
  }
  return undefined;
}

const refuse = (message: string) => new ApiError(400, 'validation_failed', message);

/** What the route's validator will parse as JSON (Hono's own test of the media type). */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Route middleware on every route that takes a JSON body (added by createRouter, after the
 * route's own): the body is read, measured and its text checked before the route's validator
 * parses it; a body from someone not signed in is refused past MAX_GUEST_JSON_BYTES unread.
 */
export const jsonBodyGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim();
  if (!JSON_TYPE.test(type)) return next();
  const check = async () => {
    // Hono keeps the text: the validator parses it without reading the body again.
    const text = await c.req.text();
    const shape = measureJson(text);
    if (shape === 'too deep') throw refuse(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);
    if (shape === 'too many values')
      throw refuse(
        `The request body holds too many values (at most ${MAX_JSON_VALUES.toLocaleString('en-US')} values and field names).`,
      );
    if (shape === 'bad text') {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return next(); // not JSON: the validator says so
      }
      const found = findBadText(body);
      if (found)
        throw new ApiError(400, 'validation_failed', `${found.field}: ${found.problem}`, {
          [found.field]: found.problem,
        });
    }
    await next();
  };
  if (c.var.user) return check();
  // bodyLimit answers from Content-Length before reading, and stops a streamed body past the limit.
  return guestLimit(c, check);
};
