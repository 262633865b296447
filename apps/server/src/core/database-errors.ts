/** A unique or primary key was violated: another request inserted the same row first (both databases). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * PostgreSQL chose this transaction as a deadlock's victim (40P01) or could not serialize it (40001):
 * it was rolled back whole, and running it again is what PostgreSQL's manual prescribes. Since issue 12
 * the ledger has no global head row that queued every money transaction behind every other, so two
 * transactions that post several entries can now meet in opposite order on two accounts.
 */
export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '40P01' || code === '40001';
}
