import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app';
import { createLogger } from '../../src/server/http/logger';
import { createTestApp, type TestApp, testConfig } from '../fixtures/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('logs of a failed SQL statement', () => {
  it('name the error code and the statement, never the values (hashes, e-mails, addresses)', async () => {
    const lines: string[] = [];
    const log = createLogger('debug', { destination: { write: (line) => lines.push(line) } });
    const api = createApi({ database: t.database, config: testConfig(), log });
    // A real failure inside the database: a trigger refuses every new user.
    await t.database.db.execute(sql`
      create function refuse_user() returns trigger language plpgsql as $$
      begin raise exception 'refused by test' using errcode = 'P0001'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_user before insert on users for each row execute function refuse_user()`,
    );
    try {
      const res = await api.request('http://shop.test/api/v1/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Leaky Name', email: 'leak@yaad.test', password: 'secret-password' }),
      });
      expect(res.status).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_user on users`);
      await t.database.db.execute(sql`drop function refuse_user()`);
    }
    const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: 'unhandled error', error: { code: 'P0001', statement: 'insert users' } });
    const all = lines.join('\n');
    for (const secret of ['leak@yaad.test', 'Leaky Name', 'scrypt$', 'secret-password', 'params']) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('the request log', () => {
  it('is one JSON line per change, refusal or error with its id, method, path, status and time taken', async () => {
    const lines: string[] = [];
    const log = createLogger('info', { destination: { write: (line) => lines.push(line) } });
    const api = createApi({ database: t.database, config: testConfig(), log });
    const res = await api.request('http://shop.test/api/v1/no-such-route', {
      headers: { 'x-request-id': 'lb-12345678' },
    });
    expect(res.headers.get('x-request-id')).toBe('lb-12345678');
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(requests).toEqual([
      {
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        requestId: 'lb-12345678',
        method: 'GET',
        path: '/api/v1/no-such-route',
        status: 404,
        ms: expect.any(Number),
        msg: 'request',
      },
    ]);
  });

  it('logs a read that went well and fast only at debug level; a change always at info', async () => {
    const lines: string[] = [];
    const log = createLogger('info', { destination: { write: (line) => lines.push(line) } });
    const api = createApi({ database: t.database, config: testConfig(), log });
    expect((await api.request('http://shop.test/api/v1/health')).status).toBe(200);
    expect(lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request')).toEqual([]);
    const signUp = await api.request('http://shop.test/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@yaad.test', password: 'wrong-password' }),
    });
    expect(signUp.status).toBe(401);
    expect(lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request')).toMatchObject([
      { level: 'info', method: 'POST', path: '/api/v1/auth/login', status: 401 },
    ]);

    const debugLines: string[] = [];
    const debug = createLogger('debug', { destination: { write: (line) => debugLines.push(line) } });
    await createApi({ database: t.database, config: testConfig(), log: debug }).request(
      'http://shop.test/api/v1/health',
    );
    expect(debugLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request')).toMatchObject([
      { level: 'debug', method: 'GET', path: '/api/v1/health', status: 200 },
    ]);
  });

  it('leaves out what is below LOG_LEVEL', async () => {
    const lines: string[] = [];
    const log = createLogger('warn', { destination: { write: (line) => lines.push(line) } });
    const api = createApi({ database: t.database, config: testConfig(), log });
    await api.request('http://shop.test/api/v1/health');
    expect(lines).toEqual([]);
  });
});
