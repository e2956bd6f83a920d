/** True for PostgreSQL's unique_violation (23505), optionally on one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = findPgError(error);
  if (!pgError || pgError.code !== '23505') return false;
  return constraint === undefined || pgError.constraint === constraint || String(pgError.message).includes(constraint);
}

/** True for PostgreSQL's check_violation (23514) on the named constraint. */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  const pgError = findPgError(error);
  return pgError?.code === '23514' && (pgError.constraint === constraint || String(pgError.message).includes(constraint));
}

interface PgErrorLike {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

/** Drizzle wraps driver errors; the PostgreSQL fields sit on the error or its cause. */
function findPgError(error: unknown): PgErrorLike | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PgErrorLike;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}
