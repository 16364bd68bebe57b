import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

/* The configuration's checks at boot: a bad value stops the start with a message naming it. */

describe('PASSWORD_RESET_SECONDS', () => {
  it('is 30 minutes unless set, and a whole number of seconds up to a day', () => {
    expect(parseEnv({}).PASSWORD_RESET_SECONDS).toBe(1800);
    expect(parseEnv({ PASSWORD_RESET_SECONDS: '3600' }).PASSWORD_RESET_SECONDS).toBe(3600);
    for (const bad of ['0', '-5', '1.5', 'half an hour', '86401'])
      expect(() => parseEnv({ PASSWORD_RESET_SECONDS: bad }), bad).toThrow(/PASSWORD_RESET_SECONDS/);
  });
});
