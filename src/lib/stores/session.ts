import { atom } from 'nanostores';
import { API_BASE, ApiRequestError, api } from '../api';
import type { User } from '../contract/auth';
import { localStore } from './browser-storage';

/**
 * The signed-in user. Alongside it, a non-secret hint in local storage (`yaad-user`:
 * `{ firstName }`) lets every static page show the right header at once, and the `yaad:session`
 * event tells this tab's cart (and the header) that the session changed; other tabs see the
 * storage event. The session itself is the httpOnly `token` cookie, never readable here.
 */
export const HINT_KEY = 'yaad-user';
export const $user = atom<User | null | undefined>(undefined);

function announce(user: User | null) {
  const store = localStore();
  try {
    if (user) store?.setItem(HINT_KEY, JSON.stringify({ firstName: user.name.split(/\s+/)[0] }));
    else store?.removeItem(HINT_KEY);
  } catch {}
  $user.set(user);
  window.dispatchEvent(new Event('yaad:session'));
}

/** Who is signed in, from the server (undefined while unknown). */
export async function refreshSession(): Promise<User | null> {
  try {
    const { user } = await api.get<{ user: User }>('/auth/me');
    announce(user);
    return user;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      announce(null);
      return null;
    }
    throw error;
  }
}

export async function login(email: string, password: string): Promise<User> {
  const { user } = await api.post<{ user: User }>('/auth/login', { email, password });
  announce(user);
  return user;
}

export async function register(name: string, email: string, password: string): Promise<void> {
  await api.post('/auth/register', { name, email, password });
}

export async function logout(): Promise<void> {
  try {
    await fetch(`${API_BASE}/auth/logout`, { method: 'POST', credentials: 'include' });
  } finally {
    announce(null);
  }
}
