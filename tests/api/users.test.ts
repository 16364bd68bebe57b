import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it("refuses another account's e-mail", async () => {
    const token = await signUpAndIn('profile3@yaad.test');
    const res = await t.call('/users/profile', {
      method: 'PUT',
      headers: as(token),
      json: { name: 'X', email: 'buyer@yaad.test' },
    });
    expect(res.status).toBe(409);
    expect((await res.json()).errors.email).toBe('This email is already registered.');
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
