import type { AppError } from './app-error';

// The one place that reads Prisma's error codes (https://www.prisma.io/docs/orm/reference/error-reference).
// Services ask what happened (a unique value taken, a referenced row gone, the row to change gone) and map
// it to their own Russian message, and the error handler asks whether the database is down; nothing else
// looks at a `P1xxx` or `P2xxx` code.

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** A unique constraint refused the write (P2002). `column` narrows it to the constraint on that column. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (codeOf(error) !== 'P2002') return false;
  // Which constraint it was is in Prisma's meta, whose shape differs between engines and adapters.
  return column === undefined || JSON.stringify((error as { meta?: unknown }).meta ?? {}).includes(column);
}

/** A foreign key refused the write: the row it points to does not exist (P2003). */
export const isForeignKeyViolation = (error: unknown) => codeOf(error) === 'P2003';

/** The row an update or delete was meant for does not exist (P2025). */
export const isRecordNotFound = (error: unknown) => codeOf(error) === 'P2025';

/**
 * Runs a write and turns the Prisma failures the caller names into its AppErrors; anything else is
 * rethrown as it is (a database outage stays a 503).
 */
export async function mapPrismaErrors<T>(
  write: () => Promise<T>,
  map: { unique?: AppError; foreignKey?: AppError; notFound?: AppError },
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (map.unique && isUniqueViolation(error)) throw map.unique;
    if (map.foreignKey && isForeignKeyViolation(error)) throw map.foreignKey;
    if (map.notFound && isRecordNotFound(error)) throw map.notFound;
    throw error;
  }
}

const DB_UNREACHABLE = new Set([
  'P1001',
  'P1002',
  'P1017',
  'P2024',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
]);

/**
 * The database cannot be reached (connection refused, dropped or timed out, the pool closed, the server
 * shutting down): the error handler answers 503, never 500. Prisma's codes, pg's SQLSTATE codes and the
 * driver's messages, looked for along the error's causes.
 */
export function isDatabaseOutage(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DB_UNREACHABLE.has(code)) return true;
    const name = (e as { name?: unknown }).name;
    if (name === 'PrismaClientInitializationError') return true;
    const kind = (e as { cause?: { kind?: unknown } }).cause?.kind;
    if (kind === 'DatabaseNotReachable' || kind === 'ConnectionClosed' || kind === 'SocketTimeout')
      return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Cannot use a pool after calling end/i.test(
        message,
      )
    )
      return true;
    // A raw query ($queryRaw) fails as P2010 with the driver's error under meta (issue 12's reads).
    e =
      (e as { cause?: unknown }).cause ??
      (e as { meta?: { driverAdapterError?: unknown } }).meta?.driverAdapterError;
  }
  return false;
}
