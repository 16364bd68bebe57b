import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { createLogger } from '../../../src/server/http/logger';
import { paymentProviderFromConfig } from '../../../src/server/payments';
import { createServerApp } from '../../../src/server/server';
import { testConfig } from '../../fixtures/app';
import { openTestDatabase } from '../../fixtures/database';

/* The shop serves its test gateway at /dev/gateway only while it is the configured gateway (decision 028). */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const serverWith = (settings: Record<string, string>) =>
  createServerApp({ database, config: testConfig(settings), log: createLogger('silent') });

const sale = (app: ReturnType<typeof serverWith>) =>
  app.request('http://127.0.0.1:4321/dev/gateway/api/spi/sale', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });

describe('the test gateway in the shop', () => {
  it('is served, with its credentials checked, while PAYMENT_PROVIDER is test', async () => {
    const app = serverWith({});
    const refused = await sale(app);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ IsoResponseCode: '89' });
    const page = await app.request('http://127.0.0.1:4321/dev/gateway/hpp/unknown');
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Payment not found');
    expect(paymentProviderFromConfig(testConfig({})).name).toBe('test');
  });

  it('is not there when a real gateway is configured', async () => {
    const app = serverWith({ PAYMENT_PROVIDER: 'wipay' });
    expect((await sale(app)).status).toBe(404);
    expect((await app.request('http://127.0.0.1:4321/dev/gateway/hpp/unknown')).status).toBe(404);
    expect(paymentProviderFromConfig(testConfig({ PAYMENT_PROVIDER: 'wipay' })).name).toBe('wipay');
  });
});
