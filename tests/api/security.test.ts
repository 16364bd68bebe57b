import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, resolveSession } from '../../src/server/auth/sessions';
import { sessions, users } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/http/logger';
import { createServerApp } from '../../src/server/server';
import { createTestApp, type TestApp, testConfig } from '../fixtures/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

describe('security headers', () => {
  it('are on every response of the whole server: API, media and errors', async () => {
    const app = createServerApp({ config: testConfig(), database: t.database, log: createLogger('silent') });
    for (const path of ['/api/v1/health', '/api/v1/nope', '/media/logos/YM-140.svg']) {
      const res = await app.request(`http://shop.test${path}`);
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('sessions', () => {
  it('roll: a session in use for more than a day is renewed to the full lifetime', async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'buyer@yaad.test'));
    const { token } = await createSession(t.database.db, user.id, 30);
    // As if it were created 5 days ago.
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '25 days'` })
      .where(eq(sessions.userId, user.id));
    const first = await resolveSession(t.database.db, token, 30);
    expect(first?.renewed).toBe(true);
    expect((first?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const second = await resolveSession(t.database.db, token, 30);
    expect(second?.renewed).toBe(false);
  });

  it('expire: an expired or malformed token signs nobody in', async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'buyer@yaad.test'));
    const { token } = await createSession(t.database.db, user.id, 30);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, user.id));
    expect(await resolveSession(t.database.db, token, 30)).toBeUndefined();
    expect((await t.call('/auth/me', { headers: { cookie: `token=${token}` } })).status).toBe(401);
    expect((await t.call('/auth/me', { headers: { cookie: 'token=<script>' } })).status).toBe(401);
  });
});
