import { expect, test } from '@playwright/test';

const auth = { authorization: 'Bearer e2e-rebuild-token-0123456789' };

test('the rebuild hook builds a new site and swaps it in while pages keep answering', async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one server, one rebuild');
  test.setTimeout(180_000);
  expect((await request.post('/api/v1/admin/rebuild')).status()).toBe(401);
  expect((await request.get('/api/v1/admin/rebuild', { headers: { authorization: 'Bearer wrong' } })).status()).toBe(
    401,
  );

  const before = await (await request.get('/api/v1/admin/rebuild', { headers: auth })).json();
  expect(before.lastBuild?.builtAt).toBeTruthy();
  expect(before.stale).toBe(false);

  const started = await request.post('/api/v1/admin/rebuild', { headers: auth });
  expect(started.status()).toBe(202);
  // A second request during the debounce or the build makes no second concurrent build.
  expect((await request.post('/api/v1/admin/rebuild', { headers: auth })).status()).toBe(202);

  let after = before;
  let pageChecks = 0;
  for (let i = 0; i < 120 && after.lastBuild?.builtAt === before.lastBuild.builtAt; i++) {
    const home = await request.get('/');
    expect(home.status()).toBe(200);
    pageChecks += 1;
    await new Promise((r) => setTimeout(r, 1000));
    after = await (await request.get('/api/v1/admin/rebuild', { headers: auth })).json();
  }
  expect(pageChecks).toBeGreaterThan(1);
  expect(after.lastBuild.builtAt > before.lastBuild.builtAt).toBe(true);
  expect(after.lastError).toBeNull();
  expect((await request.get('/')).status()).toBe(200);
});
