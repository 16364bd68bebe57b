import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { createSession } from '../../src/server/auth/sessions';
import type { Db } from '../../src/server/db/client';
import type { TestApp } from '../fixtures/app';
import { OTHER_STORE, PRINCIPALS, type Principal, SELLER_STORE, type Sessions, setUpScene } from './fuzz-scene';
import { type LateContext, late, resolveLate } from './late-values';
import {
  hostileForms,
  isMultipart,
  isTextPart,
  type Multipart,
  type Plan,
  photos,
  plans,
  principalFor,
} from './valid-requests';

/*
 * A property-based fuzzer for the whole API, driven by its own OpenAPI document: every operation
 * is called as a guest, a buyer, a seller and an operator with path, query, headers and body drawn
 * from the operation's schemas, mixed with hostile values (NUL bytes, lone surrogates, broken %
 * escapes, huge numbers, wrong types, unknown fields, malformed JSON). A valid round first sends
 * each operation once as its principal with a valid request (valid-requests.ts). The properties,
 * for every answer:
 *   1. nothing answers 500 or more;
 *   2. every error (4xx) is JSON { message, code } with a non-empty message;
 *   3. a refused request (4xx) writes nothing: the database's fingerprint is the same after it;
 *   4. every operation is answered 2xx at least once in the run (`operationsWithout2xx` is empty);
 *      for an operation whose answer is a redirect it documents (the card gateway's return: 303 to
 *      the order confirmation), that redirect counts as its 2xx.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  maxItems?: number;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema };
type Operation = {
  method: string;
  /** The OpenAPI path, e.g. /api/v1/orders/{id}. */
  path: string;
  parameters: Parameter[];
  body?: Schema;
  /** It takes a multipart form (a file), not JSON. */
  multipart: boolean;
  /** It takes a bearer token of its own (the rebuild hook's REBUILD_TOKEN), not a session. */
  bearer: boolean;
  /** The 3xx statuses it documents as its answer (a browser's step, such as the gateway's return). */
  redirects: number[];
};
type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
        security?: Record<string, unknown>[];
        responses?: Record<string, unknown>;
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
};

export type { Principal };
export type FuzzRequest = {
  op: Operation;
  as: Principal;
  path: string;
  headers: Record<string, string>;
  body?: string | Multipart;
};
export type Failure = { operation: string; request: string; status: number; problem: string; body: string };
export type FuzzReport = {
  requests: number;
  operations: number;
  byPrincipal: Record<Principal, number>;
  byStatus: Record<string, number>;
  /** Operations that answered at least one 2xx: the fuzzer got past validation there. */
  operationsWith2xx: number;
  /** Operations never answered 2xx in the whole run: must be none. */
  operationsWithout2xx: string[];
  /** The valid round: one valid request per operation as its principal; those not answered 2xx, with their answer. */
  validRound: { sent: number; not2xx: string[] };
  /** Per operation: how many answers of each status. */
  byOperation: Record<string, Record<string, number>>;
  /** One example request and answer per operation and status (for looking into coverage). */
  examples: Record<string, string>;
  refusedWrites: number;
  failures: Failure[];
  ms: number;
  /** Where the time went: setting up the scene, the valid round, the drawn requests. */
  phasesMs: { scene: number; valid: number; drawn: number };
};

/** Tables a refused request may write on purpose (they record the refusal itself). */
const WRITTEN_ON_REFUSAL = new Set(['login_failures', '__drizzle_migrations']);

/* ------------------------------------------------------------------ hostile values */

const hostileText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '%',
  '%E0%A4%A',
  '%00',
  '%25',
  '../../etc/passwd',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  ' ',
  '',
  'Ω≈ç√∫˜µ≤≥÷',
  '🇯🇲🇯🇲🇯🇲',
  'A'.repeat(5000),
  '1e309',
  '-0',
  'NaN',
  'null',
  'true',
  '__proto__',
  'constructor',
);
const hostileNumber = fc.constantFrom(
  -1,
  0,
  0.5,
  -0.0001,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  -(2 ** 63),
  1e308,
  21_474_836.48,
  99_999_999.99,
  Number.MAX_SAFE_INTEGER,
);
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  hostileText,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

/* ------------------------------------------------------------------ schema → arbitrary */

export class SchemaArbitraries {
  constructor(
    private readonly components: Record<string, Schema>,
    /** Real ids per field name (productId, sellerId, …) so requests get past "not found" too. */
    private readonly known: (field: string, path?: string) => string[],
  ) {}

  private resolve(schema: Schema): Schema {
    let s = schema;
    for (let i = 0; s.$ref && i < 10; i++) s = this.components[s.$ref.split('/').pop() as string] ?? {};
    return s;
  }

  /** A value the schema allows (mostly), for the field `name`. */
  valid(schema: Schema, name = '', depth = 0, path?: string): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    if (depth > 5) return fc.constant(null);
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    if (s.allOf) {
      const merged: Schema = { type: 'object', properties: {}, required: [] };
      for (const part of s.allOf.map((p) => this.resolve(p))) {
        Object.assign(merged.properties as object, part.properties ?? {});
        merged.required?.push(...(part.required ?? []));
      }
      return this.valid(merged, name, depth + 1);
    }
    const choices = s.anyOf ?? s.oneOf;
    if (choices) return fc.oneof(...choices.map((c) => this.valid(c, name, depth + 1)));
    const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (type.length > 1) return fc.oneof(...type.map((t) => this.valid({ ...s, type: t }, name, depth + 1)));
    switch (type[0]) {
      case 'string': {
        const known = this.known(name, path);
        const text = fc.string({
          minLength: s.minLength ?? 0,
          maxLength: Math.min(s.maxLength ?? 40, 60),
          unit: 'grapheme',
        });
        if (/email/i.test(name))
          return fc.oneof(fc.emailAddress(), fc.constantFrom('fuzz-buyer@yaad.test', 'someone@yaad.test'));
        if (/parish|state/i.test(name))
          return fc.oneof(fc.constantFrom('Kingston', 'St. Andrew', 'St. Mary', 'Portland'), text);
        return known.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, text) : text;
      }
      case 'integer':
        return fc.integer({ min: s.minimum ?? -5, max: Math.min(s.maximum ?? 100, 1_000_000) });
      case 'number':
        return fc.oneof(
          fc.integer({ min: s.minimum ?? 0, max: Math.min(s.maximum ?? 500, 1_000_000) }),
          fc.double({ min: s.minimum ?? 0, max: Math.min(s.maximum ?? 500, 1_000_000), noNaN: true }),
        );
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(this.valid(s.items ?? {}, name.replace(/s$/, ''), depth + 1), {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 4, 4),
        });
      case 'object': {
        const props = s.properties ?? {};
        const required = new Set(s.required ?? []);
        const entries = Object.entries(props).map(([key, value]) => {
          const arb = this.valid(value, key, depth + 1);
          return [key, required.has(key) ? arb : fc.option(arb, { nil: undefined, freq: 3 })] as const;
        });
        return fc
          .record(Object.fromEntries(entries))
          .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
      }
      default:
        return anyJson;
    }
  }

  /** A field's value: usually valid, sometimes hostile. */
  field(schema: Schema, name: string, depth = 0): fc.Arbitrary<unknown> {
    return fc.oneof({ weight: 6, arbitrary: this.valid(schema, name, depth) }, { weight: 1, arbitrary: anyJson });
  }

  /**
   * A whole body: a valid-ish object, one with a field broken or added, or no JSON at all.
   * `templates` are real, valid bodies for this operation (a place-order that can go through):
   * drawn as they are, or with one field made hostile, so the code behind validation runs too.
   */
  body(schema: Schema, templates: unknown[] = []): fc.Arbitrary<string | undefined> {
    const generated = this.valid(schema, '', 0);
    const valid = templates.length
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...templates) }, { weight: 1, arbitrary: generated })
      : generated;
    return fc.oneof(
      { weight: 8, arbitrary: valid.map((v) => JSON.stringify(v)) },
      {
        // One field (an existing one, or a new one) takes a hostile value.
        weight: 3,
        arbitrary: fc.tuple(valid, fc.nat(), fc.string({ maxLength: 12 }), anyJson).map(([v, n, extra, junk]) => {
          if (!v || typeof v !== 'object' || Array.isArray(v)) return JSON.stringify(junk);
          const keys = [...Object.keys(v), ...Object.keys(this.resolve(schema).properties ?? {}), extra];
          return JSON.stringify({ ...v, [keys[n % keys.length]]: junk });
        }),
      },
      { weight: 1, arbitrary: anyJson.map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'not json', '', '\u0000', '{"x":"\\ud800"}') },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  }
}

/** Percent-encodes like encodeURIComponent; a lone surrogate (which that refuses) is sent as the bytes ED A0 80. */
function encode(value: unknown): string {
  return [...String(value)]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

/* ------------------------------------------------------------------ operations */

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
        bearer: (op.security ?? []).some((s) => 'bearer' in s),
        redirects: Object.keys(op.responses ?? {})
          .map(Number)
          .filter((status) => status >= 300 && status < 400),
      });
    }
  }
  return ops;
}

/** The operation did what it is for: a 2xx, or a redirect it documents as its answer. */
const succeeded = (op: Operation, status: number) => (status >= 200 && status < 300) || op.redirects.includes(status);

/** "POST /orders/place": how plans and reports name an operation (its path without /api/v1). */
export const operationName = (op: Pick<Operation, 'method' | 'path'>) =>
  `${op.method} ${op.path.replace(/^\/api\/v1/, '')}`;

function requestArbitrary(op: Operation, arbs: SchemaArbitraries, plan: Plan | undefined): fc.Arbitrary<FuzzRequest> {
  const planned = (name: string) => plan?.path?.[name];
  const segment = (p: Parameter) => {
    const valid = arbs.valid(p.schema ?? { type: 'string' }, p.name, 0, op.path).map(encode);
    const own = planned(p.name);
    return fc.oneof(
      { weight: 8, arbitrary: own ? fc.oneof(fc.constant(own), valid) : valid },
      { weight: 1, arbitrary: hostileText.map(encode) },
      { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%C0', '%00', '%ED%A0%80', '..', '%2F') },
    );
  };
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const query = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(
        fc.oneof(
          { weight: 16, arbitrary: arbs.valid(p.schema ?? { type: 'string' }, p.name).map(encode) },
          { weight: 1, arbitrary: hostileText.map(encode) },
          { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%ED%A0%80') },
        ),
        { nil: undefined, freq: 2 },
      ),
    ),
  );
  // Now and then a parameter the operation does not have, a repeated one, or a broken name; or
  // the operation's own valid query.
  const extraQuery = fc.oneof(
    { weight: 12, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('unknown=1', '%E0=1', 'page=1&page=2', 'a%00b=c') },
    ...(plan?.query ? [{ weight: 6, arbitrary: fc.constant(plan.query) }] : []),
  );
  const templates = plan?.bodies ?? [];
  const body: fc.Arbitrary<string | Multipart | undefined> = op.multipart
    ? fc.oneof(
        ...(templates.length ? [{ weight: 4, arbitrary: fc.constantFrom(...(templates as Multipart[])) }] : []),
        { weight: 3, arbitrary: fc.constantFrom(...hostileForms()) },
        { weight: 1, arbitrary: arbs.body({ type: 'object' }) },
      )
    : op.body
      ? arbs.body(op.body, templates)
      : fc.oneof(
          { weight: 9, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constantFrom('{}', 'x', '{"a":1}') },
        );
  // Mostly the principal the operation is for; every other one too.
  const as = fc.oneof(
    { weight: 2, arbitrary: fc.constant(plan?.as ?? principalFor(operationName(op))) },
    { weight: 3, arbitrary: fc.constantFrom(...PRINCIPALS) },
  );
  return fc
    .record({
      as,
      segments: fc.tuple(...pathParams.map(segment)),
      query,
      extraQuery,
      headers: fc.tuple(
        ...headerParams.map((p) => fc.option(arbs.field(p.schema ?? { type: 'string' }, p.name), { nil: undefined })),
      ),
      body,
      contentType: fc.oneof(
        { weight: 9, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json'),
        },
      ),
    })
    .map((r) => {
      let i = 0;
      const path = op.path.replace(/\{[^}]+\}/g, () => r.segments[i++] as string);
      const pairs = queryParams.flatMap((p, n) => (r.query[n] === undefined ? [] : [`${p.name}=${r.query[n]}`]));
      if (r.extraQuery) pairs.push(r.extraQuery);
      const headers: Record<string, string> = {};
      headerParams.forEach((p, n) => {
        const v = r.headers[n];
        if (v !== undefined && typeof v !== 'object') headers[p.name] = String(v).replace(/[^\x20-\x7e]/g, '');
      });
      // A GET or HEAD cannot carry a body (fetch refuses to send one).
      const body = op.method === 'GET' || op.method === 'HEAD' ? undefined : r.body;
      // A JSON body says so (a form says its own boundary); now and then a wrong type instead.
      if (body !== undefined && (r.contentType || !isMultipart(body)))
        headers['content-type'] = r.contentType ?? 'application/json';
      return { op, as: r.as, path: `${path}${pairs.length ? `?${pairs.join('&')}` : ''}`, headers, body };
    });
}

/** The operation's valid request, as its principal: planned values, else the first real one. */
function validRequest(
  op: Operation,
  arbs: SchemaArbitraries,
  known: (field: string, path?: string) => string[],
  plan: Plan | undefined,
  seed: number,
): FuzzRequest {
  const sample = <T>(arb: fc.Arbitrary<T>) => fc.sample(arb, { numRuns: 1, seed })[0];
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
    const real = plan?.path?.[name] ?? known(name, op.path)[0];
    return real ?? encode(sample(arbs.valid(param?.schema ?? { type: 'string' }, name, 0, op.path)));
  });
  const required = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${encode(sample(arbs.valid(p.schema ?? { type: 'string' }, p.name)))}`);
  const query = plan?.query ?? required.join('&');
  let body: string | Multipart | undefined;
  if (plan?.bodies?.length) body = isMultipart(plan.bodies[0]) ? plan.bodies[0] : JSON.stringify(plan.bodies[0]);
  else if (op.body) body = JSON.stringify(sample(arbs.valid(op.body)));
  const headers: Record<string, string> = typeof body === 'string' ? { 'content-type': 'application/json' } : {};
  return {
    op,
    as: plan?.as ?? principalFor(operationName(op)),
    path: query ? `${path}?${query}` : path,
    headers,
    body,
  };
}

/* ------------------------------------------------------------------ the database's fingerprint */

/** One row per table: its name, row count and a digest of every row, in a fixed order. */
async function fingerprint(db: Db): Promise<Map<string, string>> {
  const tables = (await db.execute(sql`
    select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)) as unknown as
    | { rows: { name: string }[] }
    | { name: string }[];
  const names = (Array.isArray(tables) ? tables : tables.rows)
    .map((t) => t.name)
    .filter((n) => !WRITTEN_ON_REFUSAL.has(n));
  const union = names
    .map(
      (n) =>
        `select '${n}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${n}" t`,
    )
    .join(' union all ');
  const result = (await db.execute(sql.raw(union))) as unknown as
    | { rows: { name: string; digest: string }[] }
    | { name: string; digest: string }[];
  return new Map((Array.isArray(result) ? result : result.rows).map((r) => [r.name, r.digest]));
}

/* ------------------------------------------------------------------ the run */

/** Real ids to draw from, so requests reach the code behind "not found" too. */
async function knownIds(t: TestApp, sessions: Sessions) {
  const db = t.database.db;
  const rows = async <R>(query: ReturnType<typeof sql>) => {
    const r = (await db.execute(query)) as unknown as { rows: R[] } | R[];
    return Array.isArray(r) ? r : r.rows;
  };
  const ids = async (query: ReturnType<typeof sql>) => (await rows<{ v: string }>(query)).map((x) => x.v);
  const products = await ids(sql`select id as v from products order by id limit 40`);
  const stores = await ids(sql`select id as v from stores order by id`);
  const rates = await ids(sql`select id as v from shipping_rates order by id limit 40`);
  // A product of the fuzzing seller's store and its St. Andrew rate: a place-order that can succeed.
  const [sellable] = await rows<{ id: string; store: string; rate: string; category: string; subcategory: string }>(sql`
    select p.id as id, p.store_id as store, r.id as rate, p.category as category, p.subcategory as subcategory
      from products p
      join shipping_rates r on r.store_id = p.store_id
      join shipping_rate_parishes rp on rp.rate_id = r.id and rp.parish = 'St. Andrew'
     where p.store_id = ${SELLER_STORE} and p.stock > 0 order by p.stock desc, p.id limit 1`);
  const sellerProducts = await ids(
    sql`select id as v from products where store_id = ${SELLER_STORE} and id <> ${sellable.id} order by id limit 6`,
  );
  const orders = await ids(sql`select id as v from orders where buyer_id = ${sessions.buyer.id} order by id`);
  const addresses = await ids(sql`select id as v from addresses order by id limit 20`);
  // The order parts of the buyer's orders (the fuzzing seller's and others'): the seller workspace's {partId}.
  const parts = await ids(sql`select p.id as v from order_parts p join orders o on o.id = p.order_id
     where o.buyer_id = ${sessions.buyer.id} order by p.id limit 20`);
  const reviews = await ids(sql`select id as v from product_reviews order by id limit 10`);
  // The buyer's card payment attempts (pending, approved or declined): GET /payments/{id}/page.
  const payments = await ids(sql`select p.id as v from payments p join orders o on o.id = p.order_id
     where o.buyer_id = ${sessions.buyer.id} order by p.id`);
  return { products, stores, rates, orders, addresses, sellable, sellerProducts, parts, reviews, payments };
}

export async function runFuzz(
  t: TestApp,
  options: {
    requests: number;
    seed?: number;
    /** More real values by lower-case field name (e.g. idtoken: signed test tokens). */
    known?: Record<string, string[]>;
    /** The server's REBUILD_TOKEN: the bearer token the operator sends to the rebuild hook. */
    rebuildToken?: string;
    onProgress?: (done: number) => void;
  },
): Promise<FuzzReport> {
  const started = performance.now();
  const doc = (await (await t.call('/openapi.json')).json()) as OpenApiDoc;
  const ops = operationsOf(doc);
  const { sessions, late: lateContext, cardReturns } = await setUpScene(t);
  const ids = await knownIds(t, sessions);
  const sceneDone = performance.now();
  const known = (field: string, path?: string): string[] => {
    const f = field.toLowerCase();
    if (options.known?.[f]) return options.known[f];
    // A path's {id} is an id of what the path is about.
    if (f === 'id' && path?.startsWith('/api/v1/orders/'))
      return [...ids.orders, late('cancellableOrder'), late('sellersOrder')];
    if (f === 'id' && path?.startsWith('/api/v1/users/addresses/')) return [...ids.addresses, late('myAddress')];
    if (f === 'id' && path?.startsWith('/api/v1/payments/')) return [...ids.payments, late('pendingPayment')];
    if (f === 'id' && path?.startsWith('/api/v1/seller/products/')) return [...ids.sellerProducts, ids.sellable.id];
    if (f === 'id' && path?.startsWith('/api/v1/seller/stores/')) return ids.stores;
    if (f === 'id' && path?.startsWith('/api/v1/stores/')) return ids.stores;
    // The operator decides on stores other than the two the buyer orders from.
    if (f === 'id' && path?.startsWith('/api/v1/admin/stores/'))
      return [
        ...ids.stores.filter((s) => s !== SELLER_STORE && s !== OTHER_STORE).slice(0, 4),
        late('pendingStore'),
        late('activeStore'),
        late('suspendedStore'),
      ];
    if (f === 'id' && /^\/api\/v1\/(reviews|admin\/reviews)\//.test(path ?? ''))
      return [...ids.reviews.slice(0, 4), late('myReview'), late('othersReview'), late('reportedReview')];
    if (f === 'id' && /^\/api\/v1\/products\/\{id\}\/reviews/.test(path ?? ''))
      return [late('reviewableProduct'), ...ids.products.slice(0, 4)];
    if (f === 'id' && path?.startsWith('/api/v1/products/')) return ids.products;
    if (f === 'productid' || f === 'product' || f === 'ids') return ids.products;
    if (f === 'sellerid' || f === 'storeid' || f === 'store') return ids.stores;
    if (f === 'shippingrateid' || f === 'rateid') return ids.rates;
    if (f === 'orderid') return [...ids.orders, late('unratedOrder')];
    if (f === 'partid') return [...ids.parts, late('pendingPart'), late('processingPart'), late('shippedPart')];
    if (f === 'key') return [late('upload')];
    if (f === 'file') return [late('uploadFile')];
    if (f === 'token')
      return [late('unsubscribeToken'), late('newsletterToken'), late('verifyToken'), late('resetToken')];
    if (f === 'category') return ['Electronics', 'home-garden', 'Fashion', 'Books'];
    if (f === 'id')
      return [ids.sellable.id, ...ids.products.slice(0, 6), ...ids.stores.slice(0, 4), ...ids.orders, ...ids.addresses];
    return [];
  };
  const arbs = new SchemaArbitraries(doc.components?.schemas ?? {}, known);
  const planned = plans(
    {
      sellable: ids.sellable,
      sellerProducts: ids.sellerProducts,
      firebaseIdToken: options.known?.idtoken?.[0],
      cardReturns,
    },
    { photos: await photos() },
  );
  const planOf = (op: Operation) => planned[operationName(op)];
  const all = fc.oneof(...ops.map((op) => requestArbitrary(op, arbs, planOf(op))));

  const report: FuzzReport = {
    requests: 0,
    operations: ops.length,
    byPrincipal: { guest: 0, buyer: 0, seller: 0, operator: 0 },
    byStatus: {},
    operationsWith2xx: 0,
    operationsWithout2xx: [],
    validRound: { sent: 0, not2xx: [] },
    byOperation: {},
    examples: {},
    refusedWrites: 0,
    failures: [],
    ms: 0,
    phasesMs: { scene: 0, valid: 0, drawn: 0 },
  };
  const run: Run = { t, sessions, late: lateContext, rebuildToken: options.rebuildToken, report, ok: new Set() };
  const seed = options.seed ?? 12;
  report.phasesMs.scene = Math.round(sceneDone - started);
  // The valid round: each operation once, as its principal, in the plans' order.
  const ordered = ops
    .map((op, n) => ({ op, n, order: planOf(op)?.order ?? 0 }))
    .sort((a, b) => a.order - b.order || a.n - b.n);
  for (const { op } of ordered) {
    const answer = await send(run, validRequest(op, arbs, known, planOf(op), seed));
    report.validRound.sent += 1;
    if (answer && !succeeded(op, answer.status))
      report.validRound.not2xx.push(`${operationName(op)} → ${answer.status} ${answer.text.slice(0, 160)}`);
  }
  const validDone = performance.now();
  report.phasesMs.valid = Math.round(validDone - sceneDone);
  // Then random draws.
  const samples = fc.sample(all, { numRuns: options.requests, seed });
  for (const [n, request] of samples.entries()) {
    await send(run, request);
    if (options.onProgress && n % 1000 === 999) options.onProgress(n + 1);
  }
  report.phasesMs.drawn = Math.round(performance.now() - validDone);
  report.operationsWith2xx = run.ok.size;
  report.operationsWithout2xx = ops.map(operationName).filter((o) => !run.ok.has(o));
  report.ms = Math.round(performance.now() - started);
  return report;
}

type Run = {
  t: TestApp;
  sessions: Sessions;
  late: LateContext;
  rebuildToken?: string;
  report: FuzzReport;
  /** Operations answered 2xx so far. */
  ok: Set<string>;
};

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A request not answered by then never will be (a read waiting for itself, issue 24 #2): a failure, not a hung run. */
const ANSWER_WITHIN_MS = 20_000;

/** The body as sent: JSON text, or a form built from its parts. */
function bodyOf(body: string | Multipart | undefined): string | FormData | undefined {
  if (!isMultipart(body)) return body;
  const form = new FormData();
  for (const part of body.multipart) {
    if (isTextPart(part)) form.append(part.field, part.text);
    else form.append(part.field, new Blob([part.bytes], { type: part.type }), part.name);
  }
  return form;
}
const describeBody = (body: string | Multipart | undefined) =>
  body === undefined
    ? ''
    : isMultipart(body)
      ? ` [form: ${
          body.multipart
            .map((p) =>
              isTextPart(p)
                ? `${p.field}=${p.text.slice(0, 200)}`
                : `${p.field}=${p.name} (${p.type}, ${p.bytes.length} B)`,
            )
            .join(', ') || 'empty'
        }]`
      : ` ${body.slice(0, 300)}`;

async function send(run: Run, drawn: FuzzRequest): Promise<{ status: number; text: string } | undefined> {
  const { t, sessions, report } = run;
  const db = t.database.db;
  const request = {
    ...drawn,
    path: await resolveLate(run.late, drawn.path),
    body:
      typeof drawn.body === 'string'
        ? await resolveLate(run.late, drawn.body)
        : isMultipart(drawn.body)
          ? {
              multipart: await Promise.all(
                drawn.body.multipart.map(async (p) =>
                  isTextPart(p) ? { ...p, text: await resolveLate(run.late, p.text) } : p,
                ),
              ),
            }
          : drawn.body,
  };
  const headers: Record<string, string> = { ...request.headers };
  if (request.as !== 'guest')
    headers.authorization = `Bearer ${
      request.op.bearer && request.as === 'operator' && run.rebuildToken ? run.rebuildToken : sessions[request.as].token
    }`;
  const mutating = MUTATING.has(request.op.method);
  const before = mutating ? await fingerprint(db) : undefined;
  const operation = operationName(request.op);
  const label = `${request.as} ${request.op.method} ${request.path}${describeBody(request.body)}`;
  let status: number;
  let text: string;
  let type: string;
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = (async () => {
      const res = await t.call(request.path.replace(/^\/api\/v1/, ''), {
        method: request.op.method,
        headers,
        body: bodyOf(request.body),
      });
      const type = res.headers.get('content-type') ?? '';
      return { res, type, text: type.includes('pdf') || type.startsWith('image/') ? type : await res.text() };
    })();
    const tooLate = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS / 1000} s`)), ANSWER_WITHIN_MS);
    });
    const got = await Promise.race([answer, tooLate]);
    status = got.res.status;
    type = got.type;
    text = got.text;
  } catch (error) {
    report.failures.push({ operation, request: label, status: 0, problem: `threw: ${String(error)}`, body: '' });
    return undefined;
  } finally {
    clearTimeout(timer);
  }
  report.requests += 1;
  report.byPrincipal[request.as] += 1;
  const bucket = `${Math.floor(status / 100)}xx`;
  report.byStatus[bucket] = (report.byStatus[bucket] ?? 0) + 1;
  report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
  report.byOperation[operation] ??= {};
  const counts = report.byOperation[operation];
  counts[status] = (counts[status] ?? 0) + 1;
  report.examples[`${operation} ${status}`] ??= `${label} → ${text.slice(0, 200)}`;
  const fail = (problem: string) =>
    report.failures.push({ operation, request: label, status, problem, body: text.slice(0, 300) });

  if (status >= 500) fail('answered 500 or more');
  if (succeeded(request.op, status)) run.ok.add(operation);
  if (status >= 400) {
    let body: { message?: unknown; code?: unknown } | undefined;
    try {
      body = type.includes('application/json') ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (!body) fail('error is not JSON');
    else if (typeof body.message !== 'string' || body.message.trim() === '') fail('error has no message');
    else if (typeof body.code !== 'string') fail('error has no code');
    if (before && status < 500) {
      const after = await fingerprint(db);
      const changed = [...after.keys()].filter((k) => after.get(k) !== before.get(k));
      if (changed.length) {
        report.refusedWrites += 1;
        fail(`a refused request wrote to ${changed.join(', ')}`);
      }
    }
  }
  // Signing out, a new password or a reset ends sessions (a reset: the buyer's, whoever sent it).
  if (status < 300 && /\/auth\/logout|\/change-password|\/auth\/login|\/auth\/reset-password/.test(request.op.path)) {
    const whose = request.op.path.endsWith('/reset-password') ? 'buyer' : request.as;
    if (whose !== 'guest')
      sessions[whose] = { id: sessions[whose].id, token: (await createSession(db, sessions[whose].id, 30)).token };
  }
  return { status, text };
}

/** One line per kind of failure (operation and problem), with its first example. */
export function summarise(failures: Failure[]): string[] {
  const seen = new Map<string, { first: Failure; count: number }>();
  for (const f of failures) {
    const key = `${f.operation}: ${f.problem}`;
    const entry = seen.get(key);
    if (entry) entry.count += 1;
    else seen.set(key, { first: f, count: 1 });
  }
  return [...seen.entries()].map(
    ([key, { first, count }]) => `${key} ×${count} — e.g. ${first.request} → ${first.status} ${first.body}`,
  );
}
