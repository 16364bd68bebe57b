/**
 * Whether a failed statement broke the named unique constraint (SQLSTATE 23505). Drizzle wraps
 * the driver's error (pg or PGlite) in its own, so the code is looked for along the causes.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return name === undefined || name === constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
