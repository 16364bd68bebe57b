import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

/** The production cost: N=2^15 (r=8, p=1: ~32 MiB, ~50 ms of a core here). */
export const PRODUCTION_SCRYPT_N = 32768;
/**
 * scrypt with explicit parameters, stored with each hash so they can change. N comes from
 * SCRYPT_N when set: the test runner lowers it (vitest.config.ts), because a run hashes and checks
 * thousands of passwords and at 50 ms each that was a tenth of `npm test` (issue 25 #6). Stored
 * hashes name their own N, so a shop's hashes are checked at the cost they were made with.
 */
const PARAMS = { N: scryptN(process.env.SCRYPT_N, process.env.NODE_ENV), r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/**
 * SCRYPT_N as a power of two, refused at start rather than taken silently when it is not one. A
 * cost below production's is taken only under NODE_ENV=test: a shop cannot be set to weak hashes.
 */
export function scryptN(value: string | undefined, nodeEnv: string | undefined): number {
  if (value === undefined || value === '') return PRODUCTION_SCRYPT_N;
  const n = Number(value);
  const floor = nodeEnv === 'test' ? 1024 : PRODUCTION_SCRYPT_N;
  if (!Number.isInteger(n) || n < floor || n > 1_048_576 || (n & (n - 1)) !== 0) {
    throw new Error(`SCRYPT_N must be a power of two from ${floor} to 1048576, not ${JSON.stringify(value)}.`);
  }
  return n;
}
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(key, expected);
}

/** A real hash of nothing, checked on the unknown-account path so both paths take the same time. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(12).toString('hex'));
  return dummy;
}
