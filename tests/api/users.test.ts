import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions';
import { users } from '../../src/server/db/schema';
import { changePassword } from '../../src/server/services/profile';
import { createTestApp, type TestApp } from '../fixtures/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

async function signUpAndIn(email: string, password = 'first-pass') {
  await t.call('/auth/register', { method: 'POST', json: { name: 'Profile Tester', email, password } });
  const res = await t.call('/auth/login', { method: 'POST', json: { email, password } });
  return /token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
}
const as = (token: string) => ({ authorization: `Bearer ${token}` });

describe('/users/profile', () => {
  it('needs a session', async () => {
    expect((await t.call('/users/profile')).status).toBe(401);
  });

  it('trims fields, leaves out an empty phone, and keeps the change', async () => {
    const token = await signUpAndIn('profile1@yaad.test');
    const res = await t.call('/users/profile', {
      method: 'PUT',
      headers: as(token),
      json: { name: '  Shelly-Ann Fraser ', email: ' Profile1@Yaad.test ', phone: '   ' },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, message: 'Profile updated successfully' });
    expect(body.user).toMatchObject({ name: 'Shelly-Ann Fraser', email: 'profile1@yaad.test', phone: null });
    const again = await (await t.call('/users/profile', { headers: as(token) })).json();
    expect(again.user.name).toBe('Shelly-Ann Fraser');
  });

  it('answers field errors under name, email and phone, and changes nothing', async () => {
    const token = await signUpAndIn('profile2@yaad.test');
    const res = await t.call('/users/profile', {
      method: 'PUT',
      headers: as(token),
      json: { name: ' ', email: 'nope', phone: 'abc' },
    });
    expect(res.status).toBe(400);
    const { errors } = await res.json();
    expect(errors).toMatchObject({
      name: 'Name is required',
      email: 'Please enter a valid email address.',
      phone: expect.stringContaining('phone number'),
    });
    expect((await (await t.call('/users/profile', { headers: as(token) })).json()).user.name).toBe('Profile Tester');
  });

  it('does not say that another account holds an e-mail: the address waits, as any new one does', async () => {
    const token = await signUpAndIn('profile3@yaad.test');
    const res = await t.call('/users/profile', {
      method: 'PUT',
      headers: as(token),
      json: { name: 'X', email: 'buyer@yaad.test' },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe('We sent a link to buyer@yaad.test. Your e-mail address changes when you follow it.');
    expect(body.user).toMatchObject({ email: 'profile3@yaad.test', pendingEmail: 'buyer@yaad.test' });
  });
});

describe('/users/change-password', () => {
  it('checks the current password, changes it, and signs out the other sessions', async () => {
    const first = await signUpAndIn('pw@yaad.test');
    const second = /token=([^;]+)/.exec(
      (
        await t.call('/auth/login', { method: 'POST', json: { email: 'pw@yaad.test', password: 'first-pass' } })
      ).headers.get('set-cookie') ?? '',
    )?.[1] as string;
    const wrong = await t.call('/users/change-password', {
      method: 'PUT',
      headers: as(first),
      json: { currentPassword: 'nope', newPassword: 'second-pass' },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.currentPassword).toBe('Current password is incorrect');
    const short = await t.call('/users/change-password', {
      method: 'PUT',
      headers: as(first),
      json: { currentPassword: 'first-pass', newPassword: '123' },
    });
    expect((await short.json()).message).toContain('Password must be at least 6 characters long');
    const ok = await t.call('/users/change-password', {
      method: 'PUT',
      headers: as(first),
      json: { currentPassword: 'first-pass', newPassword: 'second-pass' },
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).message).toBe('Password changed successfully');
    expect((await t.call('/users/profile', { headers: as(first) })).status).toBe(200);
    expect((await t.call('/users/profile', { headers: as(second) })).status).toBe(401);
    const login = await t.call('/auth/login', {
      method: 'POST',
      json: { email: 'pw@yaad.test', password: 'second-pass' },
    });
    expect(login.status).toBe(200);
  });
});

describe('changePassword', () => {
  it('writes only over the hash it checked: a change checked against a password since changed writes nothing', async () => {
    await signUpAndIn('pw-race@yaad.test', 'first-pass');
    const [before] = await t.database.db.select().from(users).where(eq(users.email, 'pw-race@yaad.test'));
    // Another request changes the password after this one loaded the user with the old hash.
    await changePassword(t.database.db, before, { currentPassword: 'first-pass', newPassword: 'second-pass' });
    await expect(
      changePassword(t.database.db, before, { currentPassword: 'first-pass', newPassword: 'third-pass' }),
    ).rejects.toMatchObject({ status: 400, message: 'Current password is incorrect' });
    const login = await t.call('/auth/login', {
      method: 'POST',
      json: { email: 'pw-race@yaad.test', password: 'second-pass' },
    });
    expect(login.status).toBe(200);
  });
});

describe('/users/change-password for an account without a password here', () => {
  it('says the account signs in through Google or Firebase', async () => {
    const [row] = await t.database.db
      .insert(users)
      .values({ name: 'Google Only', email: 'google-only@yaad.test', firebaseUid: 'g-only' })
      .returning();
    const { token } = await createSession(t.database.db, row.id, 30);
    const res = await t.call('/users/change-password', {
      method: 'PUT',
      headers: as(token),
      json: { currentPassword: 'anything', newPassword: 'new-password' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.currentPassword).toContain('signs in with Google or Firebase');
  });

  it('needs a session', async () => {
    const res = await t.call('/users/change-password', {
      method: 'PUT',
      json: { currentPassword: 'a', newPassword: 'bbbbbb' },
    });
    expect(res.status).toBe(401);
  });
});

describe('/users/addresses', () => {
  const home = { label: 'Home', line1: 'Lot 12, Bog Walk district', town: 'Bog Walk', parish: 'St. Catherine' };
  const work = {
    label: 'Work',
    line1: '2 Port Royal Street',
    town: 'Kingston',
    parish: 'Kingston',
    postalZone: 'Kingston 1',
  };

  it('keeps a per-shopper address book: first is default, set default clears the others, removing the default hands it on', async () => {
    const token = await signUpAndIn('addresses@yaad.test');
    const list = async () => (await (await t.call('/users/addresses', { headers: as(token) })).json()).addresses;
    expect(await list()).toEqual([]);
    let res = await t.call('/users/addresses', { method: 'POST', headers: as(token), json: home });
    expect(res.status).toBe(200);
    res = await t.call('/users/addresses', { method: 'POST', headers: as(token), json: work });
    let book = (await res.json()).addresses;
    expect(book.map((a: { label: string; isDefault: boolean }) => [a.label, a.isDefault])).toEqual([
      ['Home', true],
      ['Work', false],
    ]);
    expect(book[0]).toMatchObject({ country: 'Jamaica', line2: null, postalZone: null });
    const workId = book[1].id;
    book = (await (await t.call(`/users/addresses/${workId}/default`, { method: 'POST', headers: as(token) })).json())
      .addresses;
    expect(book.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { label: string }) => a.label)).toEqual([
      'Work',
    ]);
    book = (
      await (
        await t.call(`/users/addresses/${workId}`, {
          method: 'PUT',
          headers: as(token),
          json: { ...work, label: 'Office' },
        })
      ).json()
    ).addresses;
    expect(book.find((a: { id: string }) => a.id === workId).label).toBe('Office');
    book = (await (await t.call(`/users/addresses/${workId}`, { method: 'DELETE', headers: as(token) })).json())
      .addresses;
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({ label: 'Home', isDefault: true });
  });

  it("refuses incomplete addresses and never reaches another shopper's", async () => {
    const mine = await signUpAndIn('addresses2@yaad.test');
    const theirs = await signUpAndIn('addresses3@yaad.test');
    const bad = await t.call('/users/addresses', {
      method: 'POST',
      headers: as(mine),
      json: { label: 'X', line1: '', town: 'Y', parish: 'Atlantis' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('Please fill in all required fields');
    const added = (await (await t.call('/users/addresses', { method: 'POST', headers: as(theirs), json: home })).json())
      .addresses[0];
    expect((await t.call(`/users/addresses/${added.id}`, { method: 'DELETE', headers: as(mine) })).status).toBe(404);
    expect((await t.call(`/users/addresses/${added.id}/default`, { method: 'POST', headers: as(mine) })).status).toBe(
      404,
    );
    expect((await t.call('/users/addresses')).status).toBe(401);
  });

  it('adds the same place only once, under any label or case (the checkout offers to save what was ordered to)', async () => {
    const token = await signUpAndIn('addresses4@yaad.test');
    const add = async (json: object) =>
      (await (await t.call('/users/addresses', { method: 'POST', headers: as(token), json })).json()).addresses;
    expect(await add(work)).toHaveLength(1);
    const again = await add({ ...work, label: 'Office', line1: '2 PORT ROYAL STREET ', town: 'kingston' });
    expect(again).toHaveLength(1);
    expect(again[0].label).toBe('Work');
    // Another place (another postal zone, a phone) is another entry.
    expect(await add({ ...work, postalZone: 'Kingston 2' })).toHaveLength(2);
    expect(await add({ ...work, phone: '876-555-0100' })).toHaveLength(3);
  });
});
