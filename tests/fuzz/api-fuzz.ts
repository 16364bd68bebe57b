import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { createSession } from '../../src/server/auth/sessions';
import type { Db } from '../../src/server/db/client';
import { sellerEmail } from '../../src/server/db/seed/sample-catalog';
import type { TestApp } from '../fixtures/app';
import { fillCart, KINGSTON_ADDRESS, signIn } from '../fixtures/orders';

/*
 * A property-based fuzzer for the whole API, driven by its own OpenAPI document: every operation
 * is called as a guest, a buyer and a seller with path, query, headers and body drawn from the
 * operation's schemas, mixed with hostile values (NUL bytes, lone surrogates, broken % escapes,
 * huge numbers, wrong types, unknown fields, malformed JSON). The properties, for every answer:
 *   1. nothing answers 500 or more;
 *   2. every error (4xx) is JSON { message, code } with a non-empty message;
 *   3. a refused request (4xx) writes nothing: the database's fingerprint is the same after it.
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
};
type OpenApiDoc = {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >;
  components?: { schemas?: Record<string, Schema> };
};

export type Principal = 'guest' | 'buyer' | 'seller';
export type FuzzRequest = {
  op: Operation;
  as: Principal;
  path: string;
  headers: Record<string, string>;
  body?: string;
};
export type Failure = { operation: string; request: string; status: number; problem: string; body: string };
export type FuzzReport = {
  requests: number;
  operations: number;
  byPrincipal: Record<Principal, number>;
  byStatus: Record<string, number>;
  /** Operations that answered at least one 2xx: the fuzzer got past validation there. */
  operationsWith2xx: number;
  operationsWithout2xx: string[];
  /** Per operation: how many answers of each status. */
  byOperation: Record<string, Record<string, number>>;
  /** One example request and answer per operation and status (for looking into coverage). */
  examples: Record<string, string>;
  refusedWrites: number;
  failures: Failure[];
  ms: number;
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
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

function requestArbitrary(
  op: Operation,
  arbs: SchemaArbitraries,
  templates: unknown[] = [],
): fc.Arbitrary<FuzzRequest> {
  const segment = (p: Parameter) =>
    fc.oneof(
      { weight: 8, arbitrary: arbs.valid(p.schema ?? { type: 'string' }, p.name, 0, op.path).map(encode) },
      { weight: 1, arbitrary: hostileText.map(encode) },
      { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%C0', '%00', '%ED%A0%80', '..', '%2F') },
    );
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
  // Now and then a parameter the operation does not have, a repeated one, or a broken name.
  const extraQuery = fc.oneof(
    { weight: 12, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('unknown=1', '%E0=1', 'page=1&page=2', 'a%00b=c') },
  );
  return fc
    .record({
      as: fc.constantFrom<Principal>('guest', 'buyer', 'seller'),
      segments: fc.tuple(...pathParams.map(segment)),
      query,
      extraQuery,
      headers: fc.tuple(
        ...headerParams.map((p) => fc.option(arbs.field(p.schema ?? { type: 'string' }, p.name), { nil: undefined })),
      ),
      body: op.body
        ? arbs.body(op.body, templates)
        : fc.oneof(
            { weight: 9, arbitrary: fc.constant(undefined) },
            { weight: 1, arbitrary: fc.constantFrom('{}', 'x', '{"a":1}') },
          ),
      contentType: fc.oneof(
        { weight: 9, arbitrary: fc.constant('application/json') },
        { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded') },
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
      if (body !== undefined) headers['content-type'] = r.contentType;
      return { op, as: r.as, path: `${path}${pairs.length ? `?${pairs.join('&')}` : ''}`, headers, body };
    });
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

type Sessions = Record<Exclude<Principal, 'guest'>, { id: string; token: string }>;

export const FUZZ_PASSWORD = 'fuzz-password-1';
const BUYER_EMAIL = 'fuzz-buyer@yaad.test';
const SELLER_STORE = 'blue-mountain-roasters';

async function setUpPrincipals(t: TestApp): Promise<Sessions> {
  const db = t.database.db;
  // A registered buyer (with a password, so login and change-password can succeed too).
  await t.call('/auth/register', {
    method: 'POST',
    json: { name: 'Fuzz Buyer', email: BUYER_EMAIL, password: FUZZ_PASSWORD },
  });
  const buyer = await signIn(db, BUYER_EMAIL, 'Fuzz Buyer');
  const seller = await signIn(db, sellerEmail(SELLER_STORE));
  return { buyer, seller };
}

type Known = Awaited<ReturnType<typeof knownIds>>;

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
  const [sellable] = await rows<{ id: string; store: string; rate: string }>(sql`
    select p.id as id, p.store_id as store, r.id as rate from products p
      join shipping_rates r on r.store_id = p.store_id
      join shipping_rate_parishes rp on rp.rate_id = r.id and rp.parish = 'St. Andrew'
     where p.store_id = ${SELLER_STORE} and p.stock > 0 order by p.stock desc, p.id limit 1`);
  const orders = await ids(sql`select id as v from orders where buyer_id = ${sessions.buyer.id} order by id`);
  const addresses = await ids(sql`select id as v from addresses order by id limit 20`);
  // The order parts of the buyer's orders (the fuzzing seller's and others'): the seller workspace's {partId}.
  const parts = await ids(sql`select p.id as v from order_parts p join orders o on o.id = p.order_id
     where o.buyer_id = ${sessions.buyer.id} order by p.id limit 20`);
  return { products, stores, rates, orders, addresses, sellable, parts };
}

const ADDRESS = { ...KINGSTON_ADDRESS, state: 'St. Andrew' };

/** Real, valid bodies per operation (see SchemaArbitraries.body). */
function bodyTemplates(k: Known): Record<string, unknown[]> {
  const s = k.sellable;
  return {
    'POST /api/v1/orders/place': [
      {
        items: [{ productId: s.id, quantity: 1 }],
        shippingAddress: ADDRESS,
        paymentMethod: 'cash_on_delivery',
        shippingSelections: [{ sellerId: s.store, shippingRateId: s.rate }],
      },
    ],
    'POST /api/v1/cart/add': [{ productId: s.id, quantity: 1 }],
    'PUT /api/v1/cart/update': [{ productId: s.id, quantity: 2 }],
    'POST /api/v1/cart/shipping-address': [ADDRESS],
    'POST /api/v1/cart/select-shipping': [{ sellerId: s.store, shippingRateId: s.rate }],
    'POST /api/v1/users/addresses': [
      { label: 'Home', line1: '14 Hope Road', town: 'Kingston 6', parish: 'St. Andrew', country: 'Jamaica' },
    ],
    'PUT /api/v1/users/addresses/{id}': [
      { label: 'Work', line1: '1 King Street', town: 'Kingston', parish: 'Kingston', country: 'Jamaica' },
    ],
    'PUT /api/v1/users/profile': [{ name: 'Fuzz Buyer', email: BUYER_EMAIL, phone: '876-555-0100' }],
    'PUT /api/v1/users/change-password': [{ currentPassword: FUZZ_PASSWORD, newPassword: FUZZ_PASSWORD }],
    'POST /api/v1/auth/login': [{ email: BUYER_EMAIL, password: FUZZ_PASSWORD }],
    'PUT /api/v1/orders/update-status/{id}': [
      { status: 'processing' },
      { status: 'pending', paymentReceived: true },
      { status: 'shipped', trackingNumber: 'JM-FUZZ-1' },
    ],
    'PUT /api/v1/seller/products/{id}': [{ price: 12.5 }, { stock: 40 }, { price: 19.99, compareAtPrice: 25 }],
    'POST /api/v1/seller/orders/{partId}/ship': [{ courier: 'Zipmail', trackingNumber: 'ZM-FUZZ-1' }],
    'POST /api/v1/seller/orders/{partId}/cancel': [{ reason: 'Fuzzed: out of stock' }],
  };
}

export async function runFuzz(
  t: TestApp,
  options: {
    requests: number;
    seed?: number;
    /** More real values by lower-case field name (e.g. idtoken: signed test tokens). */
    known?: Record<string, string[]>;
    onProgress?: (done: number) => void;
  },
): Promise<FuzzReport> {
  const started = performance.now();
  const doc = (await (await t.call('/openapi.json')).json()) as OpenApiDoc;
  const ops = operationsOf(doc);
  const sessions = await setUpPrincipals(t);
  // Make real orders and an address for the buyer first (through the API itself).
  await seedBuyerState(t, sessions);
  const ids = await knownIds(t, sessions);
  const known = (field: string, path?: string): string[] => {
    const f = field.toLowerCase();
    if (options.known?.[f]) return options.known[f];
    // A path's {id} is an id of what the path is about.
    if (f === 'id' && path?.startsWith('/api/v1/orders/')) return ids.orders;
    if (f === 'id' && path?.startsWith('/api/v1/users/addresses/')) return ids.addresses;
    if (f === 'id' && path?.startsWith('/api/v1/seller/products/'))
      return [ids.sellable.id, ...ids.products.slice(0, 2)];
    if (f === 'id' && path?.startsWith('/api/v1/seller/stores/')) return ids.stores;
    if (f === 'id' && path?.startsWith('/api/v1/products/')) return ids.products;
    if (f === 'productid' || f === 'product' || f === 'ids') return ids.products;
    if (f === 'sellerid' || f === 'storeid' || f === 'store') return ids.stores;
    if (f === 'shippingrateid' || f === 'rateid') return ids.rates;
    if (f === 'orderid') return ids.orders;
    if (f === 'partid') return ids.parts;
    if (f === 'category') return ['Electronics', 'home-garden', 'Fashion', 'Books'];
    if (f === 'id')
      return [ids.sellable.id, ...ids.products.slice(0, 6), ...ids.stores.slice(0, 4), ...ids.orders, ...ids.addresses];
    return [];
  };
  const arbs = new SchemaArbitraries(doc.components?.schemas ?? {}, known);
  const templates = bodyTemplates(ids);
  const all = fc.oneof(...ops.map((op) => requestArbitrary(op, arbs, templates[`${op.method} ${op.path}`])));

  const report: FuzzReport = {
    requests: 0,
    operations: ops.length,
    byPrincipal: { guest: 0, buyer: 0, seller: 0 },
    byStatus: {},
    operationsWith2xx: 0,
    operationsWithout2xx: [],
    byOperation: {},
    examples: {},
    refusedWrites: 0,
    failures: [],
    ms: 0,
  };
  const answered2xx = new Set<string>();
  // Every operation as every principal at least once per round, then random draws.
  const samples = fc.sample(all, { numRuns: options.requests, seed: options.seed ?? 12 });
  for (const [n, request] of samples.entries()) {
    await send(t, request, sessions, report, answered2xx);
    if (options.onProgress && n % 1000 === 999) options.onProgress(n + 1);
  }
  report.operationsWith2xx = answered2xx.size;
  report.operationsWithout2xx = ops.map((o) => `${o.method} ${o.path}`).filter((o) => !answered2xx.has(o));
  report.ms = Math.round(performance.now() - started);
  return report;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function send(t: TestApp, request: FuzzRequest, sessions: Sessions, report: FuzzReport, ok: Set<string>) {
  const db = t.database.db;
  const headers: Record<string, string> = { ...request.headers };
  if (request.as !== 'guest') headers.authorization = `Bearer ${sessions[request.as].token}`;
  const mutating = MUTATING.has(request.op.method);
  const before = mutating ? await fingerprint(db) : undefined;
  const operation = `${request.op.method} ${request.op.path}`;
  const label = `${request.as} ${request.op.method} ${request.path}${request.body === undefined ? '' : ` ${request.body.slice(0, 300)}`}`;
  let status: number;
  let text: string;
  let type: string;
  try {
    const res = await t.call(request.path.replace(/^\/api\/v1/, ''), {
      method: request.op.method,
      headers,
      body: request.body,
    });
    status = res.status;
    type = res.headers.get('content-type') ?? '';
    text = type.includes('pdf') ? '%PDF' : await res.text();
  } catch (error) {
    report.failures.push({ operation, request: label, status: 0, problem: `threw: ${String(error)}`, body: '' });
    return;
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
  if (status >= 200 && status < 300) ok.add(operation);
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
  // Signing out or changing the password ends the principal's session: start a new one.
  if (request.as !== 'guest' && status < 300 && /\/auth\/logout|\/change-password|\/auth\/login/.test(request.op.path))
    sessions[request.as] = {
      id: sessions[request.as].id,
      token: (await createSession(db, sessions[request.as].id, 30)).token,
    };
}

/** The buyer gets an address and two real orders (one with the fuzzing seller) through the API, as a shopper would. */
async function seedBuyerState(t: TestApp, sessions: Sessions) {
  const auth = { authorization: `Bearer ${sessions.buyer.token}` };
  const db = t.database.db;
  const found = (await db.execute(sql`
    select distinct on (p.store_id) p.id as id, p.store_id as store, r.id as rate from products p
      join shipping_rates r on r.store_id = p.store_id
      join shipping_rate_parishes rp on rp.rate_id = r.id and rp.parish = 'St. Andrew'
     where p.stock > 5 and p.store_id in (${SELLER_STORE}, 'half-way-tree-electronics')
     order by p.store_id, p.id, r.id`)) as unknown as
    | { rows: { id: string; store: string; rate: string }[] }
    | { id: string; store: string; rate: string }[];
  const list = Array.isArray(found) ? found : found.rows;
  const address = await t.call('/users/addresses', {
    method: 'POST',
    headers: auth,
    json: { label: 'Home', line1: '14 Hope Road', town: 'Kingston 6', parish: 'St. Andrew', country: 'Jamaica' },
  });
  if (address.status >= 300) throw new Error(`the fuzzer's buyer could not add an address: ${await address.text()}`);
  // Several orders per seller: the buyer's cancels and the sellers' status moves use them up.
  for (const p of [...list, ...list, ...list, ...list]) {
    await fillCart(db, sessions.buyer.id, [{ productId: p.id, quantity: 1 }]);
    const placed = await t.call('/orders/place', {
      method: 'POST',
      headers: auth,
      json: {
        items: [{ productId: p.id, quantity: 1 }],
        shippingAddress: ADDRESS,
        paymentMethod: 'cash_on_delivery',
        shippingSelections: [{ sellerId: p.store, shippingRateId: p.rate }],
      },
    });
    if (placed.status !== 201) throw new Error(`the fuzzer's buyer could not order: ${await placed.text()}`);
  }
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
