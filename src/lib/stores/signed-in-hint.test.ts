import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowser } from '../../../tests/fixtures/browser';

let browser: ReturnType<typeof installBrowser>;
async function load() {
  vi.resetModules();
  browser = installBrowser();
  return import('./signed-in-hint');
}

beforeEach(() => vi.unstubAllGlobals());

describe('the signed-in hint', () => {
  it('is the first name under "yaad-user"; none, or an unreadable value, means nobody', async () => {
    const hint = await load();
    expect(hint.readSignedInHint()).toBeNull();
    browser.local.setItem('yaad-user', '{not json');
    expect(hint.signedInAs()).toBeNull();
    browser.local.setItem('yaad-user', JSON.stringify({ firstName: 'Tanisha' }));
    expect(hint.readSignedInHint()).toEqual({ firstName: 'Tanisha' });
    expect(hint.signedInAs()).toBe('Tanisha');
  });

  it('is written and removed by setSignedInHint, which tells this tab', async () => {
    const hint = await load();
    let events = 0;
    window.addEventListener('yaad:session', () => events++);
    hint.setSignedInHint('Kemar');
    expect(JSON.parse(browser.local.getItem('yaad-user') ?? '')).toEqual({ firstName: 'Kemar' });
    hint.setSignedInHint(null);
    expect(browser.local.getItem('yaad-user')).toBeNull();
    expect(events).toBe(2);
  });

  it('is followed now, on this tab’s event and on other tabs’ writes; settled waits for what followers started', async () => {
    const hint = await load();
    const seen: (string | null)[] = [];
    let finish = () => {};
    hint.followSignedInHint((who) => {
      seen.push(who);
      return who ? new Promise<void>((resolve) => (finish = resolve)) : undefined;
    });
    hint.setSignedInHint('Kemar');
    browser.otherTabWrites('yaad-user', null);
    expect(seen).toEqual([null, 'Kemar', null]);

    let settled = false;
    void hint.hintFollowersSettled().then(() => {
      settled = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    finish();
    await vi.waitFor(() => expect(settled).toBe(true));
  });
});
