import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/client';
import { orderParts } from '../../../src/server/db/schema';
import { A, a, call, openOrderScene, placeOne, sellerA, t } from '../../fixtures/order-scene';

/*
 * How many SQL statements one seller request sends (docs/decisions/027). The seller is resolved
 * once, by the route guard, into `c.var.seller`; before that change the guard read the user's
 * stores and most services read them again (products: the guard, `sellerStore` and an owner
 * subquery; the workspace: the guard, then the stores join in every query). Counted through
 * Drizzle's logger, which sees every statement the services build, in and out of transactions;
 * BEGIN/COMMIT are left out (PGlite sends them itself, node-postgres through the logger), so the
 * numbers are the same on PGlite and PostgreSQL. Each count includes the session's lookup.
 *
 * Measured on main before the change (same requests, same counter) → now:
 *   GET /seller/products/{id} 4 → 3, PUT /seller/products/{id} 6 → 5, GET /seller/products 5 → 4,
 *   PUT /orders/update-status/{id} 16 → 14, GET /orders/seller 6 → 5, GET /seller/dashboard 10 → 9;
 *   the workspace's GET /seller/orders (5), one part (4) and an action (10) are unchanged (their
 *   guard already read the stores once, then joined on the owner); GET /seller/store 5 → 6: the
 *   guard's statement now comes before the store's own read (one home for the 403).
 */

openOrderScene();

type Counted = { statements: string[] };

/** Counts the statements Drizzle sends on `db` while `run` runs. */
async function counting(db: Db, run: () => Promise<unknown>): Promise<Counted> {
  const counted: Counted = { statements: [] };
  const logger = {
    logQuery: (query: string) => {
      if (!/^\s*(begin|commit|rollback)\b/i.test(query)) counted.statements.push(query);
    },
  };
  // The session's logger serves statements outside a transaction; its options, each transaction's session.
  const session = (db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  const before = { logger: session.logger, options: session.options.logger };
  session.logger = logger;
  session.options.logger = logger;
  try {
    await run();
  } finally {
    session.logger = before.logger;
    session.options.logger = before.options;
  }
  return counted;
}

describe('statements per seller request', () => {
  it('the seller is read once, by the guard, and the services do not read the user’s stores again', async () => {
    const db = t.database.db;
    const placed = await placeOne();
    const [partOfA] = await db
      .select({ id: orderParts.id })
      .from(orderParts)
      .where(and(eq(orderParts.orderId, placed.order.id), eq(orderParts.storeId, A)));

    const requests: [string, string, string, unknown?][] = [
      ['GET /seller/products/{id}', 'GET', `/seller/products/${a.id}`],
      ['PUT /seller/products/{id}', 'PUT', `/seller/products/${a.id}`, { stock: 40 }],
      ['GET /seller/products', 'GET', '/seller/products?limit=5'],
      ['GET /seller/orders', 'GET', '/seller/orders'],
      ['GET /seller/orders/{part}', 'GET', `/seller/orders/${partOfA.id}`],
      ['POST /seller/orders/{part}/accept', 'POST', `/seller/orders/${partOfA.id}/accept`],
      ['PUT /orders/update-status/{id}', 'PUT', `/orders/update-status/${placed.order.id}`, { status: 'shipped' }],
      ['GET /orders/seller', 'GET', '/orders/seller'],
      ['GET /seller/dashboard', 'GET', '/seller/dashboard'],
      ['GET /seller/store', 'GET', '/seller/store'],
    ];
    const counts: Record<string, number> = {};
    const seen: Record<string, string[]> = {};
    for (const [name, method, path, body] of requests) {
      let status = 0;
      const { statements } = await counting(db, async () => {
        status = (await call(sellerA, method, path, body)).status;
      });
      expect(status, name).toBe(200);
      counts[name] = statements.length;
      seen[name] = statements;
    }
    expect(counts, JSON.stringify(seen, null, 1)).toEqual({
      'GET /seller/products/{id}': 3,
      // 5, and the NOTIFY that tells other instances of the change at its commit (decision 030).
      'PUT /seller/products/{id}': 6,
      'GET /seller/products': 4,
      'GET /seller/orders': 5,
      'GET /seller/orders/{part}': 4,
      'POST /seller/orders/{part}/accept': 10,
      'PUT /orders/update-status/{id}': 14,
      'GET /orders/seller': 5,
      'GET /seller/dashboard': 9,
      'GET /seller/store': 6,
    });
    // No request reads "the stores this user owns" but the guard, once.
    for (const [name, statements] of Object.entries(seen)) {
      const byOwner = statements.filter((s) => /from "stores" where "stores"\."owner_id" = \$1/.test(s));
      expect(byOwner, name).toHaveLength(1);
    }
  });
});
