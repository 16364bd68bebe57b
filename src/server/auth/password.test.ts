import { describe, expect, it } from 'vitest';
import { PRODUCTION_SCRYPT_N, scryptN, verifyPassword } from './password';

/*
 * The test runner hashes at a lower cost (SCRYPT_N in vitest.config.ts); these pin what a shop
 * gets: production's N when nothing is set, no weaker N outside tests, and a hash made at
 * production's cost still checked at that cost.
 */
describe('the scrypt cost', () => {
  it("is production's 2^15 when SCRYPT_N is not set", () => {
    expect(PRODUCTION_SCRYPT_N).toBe(32768);
    expect(scryptN(undefined, 'production')).toBe(32768);
    expect(scryptN('', 'production')).toBe(32768);
  });

  it('is never lowered outside tests, and only to a power of two', () => {
    expect(() => scryptN('1024', 'production')).toThrow('SCRYPT_N must be a power of two from 32768');
    expect(() => scryptN('1024', undefined)).toThrow('from 32768');
    expect(scryptN('65536', 'production')).toBe(65536);
    expect(scryptN('1024', 'test')).toBe(1024);
    for (const bad of ['1000', '512', 'abc', '2097152', '1e4']) expect(() => scryptN(bad, 'test')).toThrow();
  });

  it('checks a hash made at production cost at that cost, whatever this process hashes at', async () => {
    // Made once with N=32768 (r=8, p=1) from "correct horse": a shop's stored hash as it is today.
    const { scrypt } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const key = await new Promise<Buffer>((ok, fail) =>
      scrypt('correct horse', salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (e, k) =>
        e ? fail(e) : ok(k),
      ),
    );
    const stored = `scrypt$32768$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
  });
});
