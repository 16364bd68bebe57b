/**
 * A shop started as `npm start` starts it: a shop process of its own (tests/fixtures/shop-process.ts),
 * mailing a real SMTP server this test starts. One process for these checks, as each start costs
 * seconds of a core.
 * - Issue 24 #13: on another port than 4321 without PUBLIC_SITE_URL it mails links that open it
 *   (from HOST and PORT), and says at start-up which address its links use.
 * - Its connections outlast its clients' idle time (docs/decisions/057).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEEP_ALIVE_MS } from '../../src/server/http/keep-alive';
import { embeddedDataDir } from '../fixtures/database';
import { type ShopProcess, startShopProcess } from '../fixtures/shop-process';
import { type SmtpSink, startSmtpSink } from '../fixtures/smtp-sink';

let sink: SmtpSink;
let shop: ShopProcess;
// A copy of the run's migrated database: the shop needs no initdb and no migration to start.
const dataDir = mkdtempSync(path.join(tmpdir(), 'yaad-started-shop-'));

beforeAll(async () => {
  sink = await startSmtpSink();
  await embeddedDataDir(dataDir);
  // PUBLIC_SITE_URL blank is unset; the shop listens on a free port the fixture picks (never 4321).
  shop = await startShopProcess(
    { PUBLIC_SITE_URL: '', SMTP_URL: sink.url, DATA_DIR: dataDir },
    { readyPath: '/api/v1/health', timeoutMs: 120_000 },
  );
}, 180_000);
afterAll(async () => {
  await shop?.stop();
  await sink?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('mails links to the address it listens on, and says so at start-up', async () => {
  expect(shop.origin).not.toContain(':4321');
  const res = await fetch(`${shop.origin}/api/v1/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'links@yaad.test' }),
  });
  expect(res.status).toBe(200);
  const mail = await sink.waitFor('links@yaad.test', undefined, 30_000);
  const confirm = mail.links.find((link) => link.includes('/newsletter/confirm'));
  expect(confirm?.startsWith(`${shop.origin}/newsletter/confirm#token=`), mail.links.join('\n')).toBe(true);
  expect(shop.output()).toContain(`Links in mail and the sitemap start with ${shop.origin} (from HOST and PORT`);
}, 60_000);

it('tells its clients it keeps an idle connection 65 s, and serves a second request on it', async () => {
  // Node's clients (and Playwright's API client) close an idle connection a second before the
  // time the server announces; with Node's 5 s default they raced the server's close (decision 057).
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const ask = () =>
    new Promise<{ keepAlive: unknown; socket: unknown }>((resolve, reject) => {
      get(`${shop.origin}/api/v1/health`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ keepAlive: res.headers['keep-alive'], socket: res.socket }));
      }).on('error', reject);
    });
  try {
    const first = await ask();
    expect(first.keepAlive).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
    expect(KEEP_ALIVE_MS).toBeGreaterThanOrEqual(60_000);
    const second = await ask();
    expect(second.socket).toBe(first.socket);
  } finally {
    agent.destroy();
  }
});
