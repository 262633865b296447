import { createHash } from 'node:crypto';

/** The ledger's one hash: entries, chain links and checkpoints are sha256 over their canonical text. */
export function entryHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
